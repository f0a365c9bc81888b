package dev.gpudra.bench.cli;

import dev.gpudra.bench.domains.DomainBench;
import dev.gpudra.realcluster.controlplane.ControlPlaneBinary;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gpu-dra bench compute-domains}: the ComputeDomain controller at scale. */
@Command(
    name = "compute-domains",
    mixinStandardHelpOptions = true,
    description = {
      "Create many ComputeDomains (one simulated node and daemon each) in the embedded API server"
          + " (or a real one), start the ComputeDomain controller and measure the time until all"
          + " are Ready and the controller's API writes per domain, then and at rest."
    })
final class BenchComputeDomainsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--domains",
      defaultValue = "1000",
      description = "ComputeDomains, each on its own node (default ${DEFAULT-VALUE}).")
  int domains;

  @Option(
      names = "--timeout-seconds",
      defaultValue = "120",
      description = "Give up when not all are Ready by then (default ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Option(
      names = "--steady-seconds",
      defaultValue = "10",
      description = "Writes are counted this long once all are Ready (default ${DEFAULT-VALUE}).")
  int steadySeconds;

  @Option(
      names = "--real-control-plane",
      description =
          "Run against gpu-dra-testcluster's kube-apiserver and etcd instead of the embedded API"
              + " server (built on first use, minutes; or $"
              + ControlPlaneBinary.ENV
              + ").")
  boolean realControlPlane;

  @Override
  public Integer call() throws InterruptedException {
    if (domains < 1 || timeoutSeconds < 1 || steadySeconds < 1) {
      throw new IllegalArgumentException(
          "--domains, --timeout-seconds and --steady-seconds must be at least 1");
    }
    DomainBench.Result r =
        DomainBench.run(
            domains,
            Duration.ofSeconds(timeoutSeconds),
            Duration.ofSeconds(steadySeconds),
            realControlPlane ? Optional.of(controlPlane()) : Optional.empty());
    PrintWriter out = spec.commandLine().getOut();
    out.printf("API server                        %s%n", r.server());
    out.printf("ComputeDomains                    %d (one node and daemon each)%n", r.domains());
    out.printf("created (the bench, one by one)   %.2f s%n", r.created().toMillis() / 1000.0);
    out.printf(
        "all Ready after                   %.2f s from the controller's start (target <= 10 s)%n",
        r.toReady().toMillis() / 1000.0);
    out.printf(
        "controller writes until Ready     %.2f per domain (%d)%n",
        r.writesToReady() / (double) r.domains(), r.writesToReady());
    r.writesByKind().forEach((what, n) -> out.printf("  %s x %d%n", what, n));
    out.printf(
        "controller reads until Ready      %.2f per domain (%d)%n",
        r.readsToReady() / (double) r.domains(), r.readsToReady());
    out.printf(
        "controller writes at rest         %.2f per domain in %d s (%d; target <= 3)%n",
        r.steadyWrites() / (double) r.domains(), r.steady().toSeconds(), r.steadyWrites());
    r.refused().forEach((what, n) -> out.printf("refused: %s x %d%n", what, n));
    out.flush();
    return 0;
  }

  private Path controlPlane() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    return new ControlPlaneBinary(
            Path.of("").toAbsolutePath(),
            Optional.ofNullable(System.getenv(ControlPlaneBinary.ENV)).map(Path::of),
            line -> out.println("  " + line))
        .locate();
  }
}
