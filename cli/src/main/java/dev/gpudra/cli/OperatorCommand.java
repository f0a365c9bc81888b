package dev.gpudra.cli;

import dev.gpudra.controllerkit.leaderelection.LeaseElection;
import dev.gpudra.metrics.MetricsServer;
import dev.gpudra.metrics.ProbeServer;
import dev.gpudra.operator.metrics.OperatorMetrics;
import dev.gpudra.operator.reconcile.ClusterPolicyOperator;
import dev.gpudra.operator.reconcile.LeaderLease;
import dev.gpudra.operator.reconcile.OperatorSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gpu-dra operator}: NVIDIA's GPU Operator's ClusterPolicy controller, with gpu-dra's DRA
 * driver and node-by-node migration, with NVIDIA's operator flags for leader election, metrics and
 * health probes; {@code operator uninstall} is the chart's pre-delete step.
 */
@Command(
    name = "operator",
    mixinStandardHelpOptions = true,
    subcommands = {OperatorUninstallCommand.class, OperatorCrdsCommand.class},
    description =
        "Run the ClusterPolicy operator until SIGTERM: the singleton ClusterPolicy's operands in"
            + " NVIDIA's order, the GPU nodes' labels, each node's move between the device plugin"
            + " and the DRA driver, and the policy's status.")
final class OperatorCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Mixin ClusterOptions cluster = new ClusterOptions();

  @Mixin ZapOptions zap = new ZapOptions();

  @Option(
      names = "--namespace",
      defaultValue = "${env:OPERATOR_NAMESPACE:-}",
      description = "Where the operands run; required, as NVIDIA's (OPERATOR_NAMESPACE).")
  String namespace;

  @Option(
      names = "--operand-image",
      defaultValue = "${env:DRA_DRIVER_IMAGE:-}",
      description =
          "The image of gpu-dra's operands: the device plugin, its MPS daemon and the DRA driver;"
              + " spec.draDriver's image wins for the DRA driver (DRA_DRIVER_IMAGE).")
  String image;

  @Option(
      names = "--leader-elect",
      arity = "0..1",
      defaultValue = "false",
      description =
          "Hold the Lease 53822513.nvidia.com in the namespace before reconciling, as NVIDIA's:"
              + " only one replica acts.")
  boolean leaderElect;

  @Option(
      names = "--leader-lease-renew-deadline",
      defaultValue = "",
      description =
          "How long the leader tries to renew its Lease (e.g. 10s); the lease lasts 5s longer."
              + " Empty: 10s, a 15s lease.")
  String renewDeadline;

  @Option(
      names = "--metrics-bind-address",
      defaultValue = ":8080",
      description = "[host]:port of the gpu_operator_* metrics on /metrics; 0 disables.")
  String metricsAddress;

  @Option(
      names = "--health-probe-bind-address",
      defaultValue = ":8081",
      description = "[host]:port of /healthz and /readyz; 0 disables.")
  String probeAddress;

  /** NVIDIA's image variables that are set: its operands' images where a policy names none. */
  private static Map<String, String> imageVariables() {
    Map<String, String> set = new HashMap<>();
    for (String name : OperatorSettings.IMAGE_VARIABLES) {
      String value = System.getenv(name);
      if (value != null && !value.isBlank()) {
        set.put(name, value);
      }
    }
    return set;
  }

  @Override
  public Integer call() throws Exception {
    zap.apply();
    if (namespace == null || namespace.isBlank()) {
      throw new InvalidArgumentsException(
          "--namespace (OPERATOR_NAMESPACE) is empty: the operator needs the namespace its"
              + " operands run in");
    }
    if (image == null || image.isBlank()) {
      throw new InvalidArgumentsException(
          "--operand-image (DRA_DRIVER_IMAGE) is empty: the operator needs the image of gpu-dra's"
              + " device plugin and DRA driver");
    }
    OperatorSettings settings = new OperatorSettings(namespace, image, imageVariables());
    Optional<LeaseElection> election = election().map(LeaderLease::election);
    Optional<InetSocketAddress> metricsAt = address("--metrics-bind-address", metricsAddress);
    Optional<InetSocketAddress> probesAt = address("--health-probe-bind-address", probeAddress);
    OperatorMetrics metrics = new OperatorMetrics();
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = Clients.connect(cluster.target());
        Elections leadership =
            Elections.start(client, election, "gpu-operator", metrics.registry());
        ClusterPolicyOperator operator =
            ClusterPolicyOperator.start(
                client, settings, leadership.leadership(), metrics, OperatorCommand::leaseLost);
        AutoCloseable metricsServer =
            serve(metricsAt, a -> new MetricsServer(a, "/metrics", metrics.registry()));
        AutoCloseable probeServer =
            serve(
                probesAt,
                a ->
                    new ProbeServer(
                        a,
                        Map.of(
                            "/healthz",
                            ProbeServer.check(operator::healthy),
                            "/readyz",
                            () -> leadership.problem().or(() -> ready(operator)))))) {
      Runtime.getRuntime()
          .addShutdownHook(
              Thread.ofPlatform()
                  .unstarted(() -> {
                    operator.close();
                    stopped.countDown();
                  }));
      stopped.await();
    }
    return 0;
  }

  private static Optional<String> ready(ClusterPolicyOperator operator) {
    return operator.healthy()
        ? Optional.empty()
        : Optional.of("the operator's informers are not all healthy");
  }

  /** Another replica holds the lease now: exit, as NVIDIA's operator does. */
  private static void leaseLost() {
    System.err.println("gpu-dra operator: lost the leader lease " + LeaderLease.NAME + "; exiting");
    System.exit(1);
  }

  Optional<LeaderLease> election() {
    if (!leaderElect) {
      return Optional.empty();
    }
    Optional<Duration> renew =
        renewDeadline.isBlank()
            ? Optional.empty()
            : Optional.of(
                ComputeDomainControllerCommand.duration(
                    "--leader-lease-renew-deadline", renewDeadline));
    try {
      return Optional.of(new LeaderLease(namespace, renew));
    } catch (IllegalArgumentException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }

  /** controller-runtime's bind address: {@code [host]:port}, {@code 0} or empty for none. */
  static Optional<InetSocketAddress> address(String flag, String value) {
    if (value.isBlank() || value.equals("0")) {
      return Optional.empty();
    }
    try {
      return MetricsServer.parseEndpoint(value);
    } catch (IllegalArgumentException e) {
      throw new InvalidArgumentsException(
          flag + " must be [host]:port (or 0 to disable), got \"" + value + "\"");
    }
  }

  private static AutoCloseable serve(
      Optional<InetSocketAddress> address, Function<InetSocketAddress, AutoCloseable> server) {
    return address.map(server).orElse(() -> {});
  }
}
