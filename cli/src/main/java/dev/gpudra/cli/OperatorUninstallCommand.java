package dev.gpudra.cli;

import dev.gpudra.operator.uninstall.PolicyUninstall;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra operator uninstall}: the operator chart's pre-delete step. Deletes every
 * ClusterPolicy and GPUCluster while the operator still runs, and waits until they are gone: a
 * policy that runs the DRA driver goes only once the operator has taken every node off the driver,
 * so that no claim is left for a driver that is gone.
 */
@Command(
    name = "uninstall",
    mixinStandardHelpOptions = true,
    description =
        "Delete every ClusterPolicy and GPUCluster and wait until they are gone (the running"
            + " operator takes the nodes off the DRA driver first); exit 1 naming what is left at"
            + " the timeout.")
final class OperatorUninstallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ClusterOptions cluster = new ClusterOptions();

  @Option(
      names = "--timeout",
      defaultValue = "4m",
      description =
          "How long to wait for the policies to go (e.g. 90s, 4m; default ${DEFAULT-VALUE}, inside"
              + " helm's 5m for hooks).")
  String timeout;

  @Override
  public Integer call() throws InterruptedException {
    Duration limit;
    try {
      limit = ComputeDomainControllerCommand.duration("--timeout", timeout);
    } catch (IllegalArgumentException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    List<String> left;
    try (KubernetesClient client = Clients.connect(cluster.target())) {
      left =
          new PolicyUninstall(
                  client,
                  Clock.systemUTC(),
                  line -> {
                    out.println(line);
                    out.flush();
                  })
              .run(limit);
    }
    if (left.isEmpty()) {
      out.println("every ClusterPolicy and GPUCluster is gone");
      out.flush();
      return 0;
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println(
        "gpu-dra operator uninstall: still there after "
            + timeout
            + ": "
            + left
            + "; they go once the operator has taken their nodes off the DRA driver (drain the"
            + " pods holding gpu.nvidia.com claims), or remove their finalizer by hand");
    err.flush();
    return 1;
  }
}
