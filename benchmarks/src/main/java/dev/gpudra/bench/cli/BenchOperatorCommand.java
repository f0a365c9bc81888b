package dev.gpudra.bench.cli;

import dev.gpudra.bench.operator.DriverUpgradeBench;
import dev.gpudra.bench.operator.PolicyBench;
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

/** {@code gpu-dra bench operator}: the ClusterPolicy operator over many nodes. */
@Command(
    name = "operator",
    mixinStandardHelpOptions = true,
    description = {
      "Create many simulated GPU nodes and one ClusterPolicy (DRA on every other node) in the"
          + " embedded API server (or a real one), start the operator and measure the time until"
          + " every node carries its stack's label and the operator's API writes, then and at rest."
    })
final class BenchOperatorCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--nodes",
      defaultValue = "1000",
      description = "GPU nodes (default ${DEFAULT-VALUE}).")
  int nodes;

  @Option(
      names = "--timeout-seconds",
      defaultValue = "120",
      description = "Give up when not every node is labelled by then (default ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Option(
      names = "--steady-seconds",
      defaultValue = "10",
      description = "Writes are counted this long afterwards (default ${DEFAULT-VALUE}).")
  int steadySeconds;

  @Option(
      names = "--real-control-plane",
      description =
          "Run against gpu-dra-testcluster's kube-apiserver and etcd instead of the embedded API"
              + " server (built on first use, minutes; or $"
              + ControlPlaneBinary.ENV
              + ").")
  boolean realControlPlane;

  @Option(
      names = "--driver-upgrade",
      description =
          "Measure a driver upgrade instead (embedded API server): the time until every node is"
              + " upgrade-done after a new driver revision, and the operator's writes per node.")
  boolean driverUpgrade;

  @Option(
      names = "--max-parallel-upgrades",
      defaultValue = "10",
      description =
          "The policy's maxParallelUpgrades for --driver-upgrade (default ${DEFAULT-VALUE}).")
  int maxParallelUpgrades;

  @Override
  public Integer call() throws InterruptedException {
    if (driverUpgrade) {
      return upgrade();
    }
    if (nodes < 1 || timeoutSeconds < 1 || steadySeconds < 1) {
      throw new IllegalArgumentException(
          "--nodes, --timeout-seconds and --steady-seconds must be at least 1");
    }
    PolicyBench.Result r =
        PolicyBench.run(
            nodes,
            Duration.ofSeconds(timeoutSeconds),
            Duration.ofSeconds(steadySeconds),
            realControlPlane ? Optional.of(controlPlane()) : Optional.empty());
    PrintWriter out = spec.commandLine().getOut();
    out.printf("API server                        %s%n", r.server());
    out.printf(
        "GPU nodes                         %d (every other one in the DRA pool)%n", r.nodes());
    out.printf(
        "converged after                   %.2f s from the operator's start (its last write)%n",
        r.toLabelled().toMillis() / 1000.0);
    out.printf(
        "operator writes until then        %.2f per node (%d)%n",
        r.writesToLabelled() / (double) r.nodes(), r.writesToLabelled());
    r.writesByKind().forEach((what, n) -> out.printf("  %s x %d%n", what, n));
    out.printf("operator reads until then         %d%n", r.readsToLabelled());
    r.readsByKind().forEach((what, n) -> out.printf("  GET %s x %d%n", what, n));
    out.printf(
        "operator writes at rest           %d in %d s (target: 0)%n",
        r.steadyWrites(), r.steady().toSeconds());
    r.steadyByKind().forEach((what, n) -> out.printf("  %s x %d%n", what, n));
    out.flush();
    return 0;
  }

  private int upgrade() throws InterruptedException {
    if (realControlPlane) {
      throw new IllegalArgumentException(
          "--driver-upgrade runs on the embedded API server only: the bench stands in for the"
              + " DaemonSet controller and the kubelet");
    }
    if (nodes < 1 || maxParallelUpgrades < 0 || timeoutSeconds < 1) {
      throw new IllegalArgumentException(
          "--nodes and --timeout-seconds must be at least 1, --max-parallel-upgrades at least 0");
    }
    DriverUpgradeBench.Result r =
        DriverUpgradeBench.run(nodes, maxParallelUpgrades, Duration.ofSeconds(timeoutSeconds));
    PrintWriter out = spec.commandLine().getOut();
    out.printf("GPU nodes                         %d%n", r.nodes());
    out.printf("maxParallelUpgrades               %d%n", r.maxParallelUpgrades());
    out.printf(
        "every node upgrade-done after     %.2f s from the new driver revision%n",
        r.upgraded().toMillis() / 1000.0);
    out.printf(
        "operator writes in that time      %.2f per node (%d)%n",
        r.writes() / (double) r.nodes(), r.writes());
    r.writesByKind().forEach((what, n) -> out.printf("  %s x %d%n", what, n));
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
