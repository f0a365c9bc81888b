package dev.gpudra.cli;

import dev.gpudra.api.computedomain.ImexMode;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controller.reconcile.ComputeDomainController;
import dev.gpudra.controllerkit.leaderelection.LeaseElection;
import dev.gpudra.controllerkit.runtime.Launch;
import dev.gpudra.kit.text.GoDuration;
import dev.gpudra.metrics.MetricsServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpu-dra compute-domain-controller}: the cluster side of ComputeDomains. */
@Command(
    name = "compute-domain-controller",
    mixinStandardHelpOptions = true,
    description =
        "Run the ComputeDomain controller until SIGTERM: per domain its daemon DaemonSet, its two"
            + " ResourceClaimTemplates and its status.")
final class ComputeDomainControllerCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Mixin ApiClientOptions api = new ApiClientOptions();

  @Mixin ClusterOptions cluster = new ClusterOptions();

  @Option(
      names = "--namespace",
      defaultValue = "${env:NAMESPACE:-default}",
      description = "The driver's namespace: daemon DaemonSets, templates, cliques (NAMESPACE).")
  String namespace;

  @Option(
      names = "--image-name",
      defaultValue = "${env:IMAGE_NAME:-}",
      description = "The image the domains' daemons run: the driver's own (IMAGE_NAME).")
  String imageName;

  @Option(
      names = "--log-verbosity-cd-daemon",
      defaultValue = "${env:LOG_VERBOSITY_CD_DAEMON:-4}",
      description = "The daemons' LOG_VERBOSITY (LOG_VERBOSITY_CD_DAEMON).")
  int daemonVerbosity;

  @Option(
      names = "--max-nodes-per-imex-domain",
      defaultValue = "${env:MAX_NODES_PER_IMEX_DOMAIN:-18}",
      description = "How many nodes a clique takes (MAX_NODES_PER_IMEX_DOMAIN).")
  int maxNodes;

  @Option(
      names = "--feature-gates",
      defaultValue = "${env:FEATURE_GATES:-}",
      description = "Gate=true|false pairs, passed on to the daemons (FEATURE_GATES).")
  String featureGates;

  @Option(
      names = "--cd-daemon-image-pull-secret-names",
      defaultValue = "${env:CD_DAEMON_IMAGE_PULL_SECRET_NAMES:-}",
      description =
          "Comma-separated pull secrets of the daemons (CD_DAEMON_IMAGE_PULL_SECRET_NAMES).")
  String pullSecrets;

  @Option(
      names = "--imex-mode",
      defaultValue = "${env:IMEX_MODE:-}",
      description =
          "driverManaged (default: a DaemonSet of IMEX daemons per domain) or hostManaged (the"
              + " admin runs nvidia-imex; needs the HostManagedIMEXDaemon gate) (IMEX_MODE).")
  String imexMode;

  @Option(
      names = "--imex-isolation",
      defaultValue = "${env:IMEX_ISOLATION:-}",
      description =
          "domain (default: a domain's workloads share channel 0); channel is not implemented"
              + " (IMEX_ISOLATION).")
  String imexIsolation;

  @Option(
      names = "--leader-election",
      defaultValue = "${env:LEADER_ELECTION_ENABLED:-false}",
      description = "Elect one active replica over a Lease (LEADER_ELECTION_ENABLED).")
  boolean leaderElection;

  @Option(
      names = "--leader-election-lease-lock-name",
      defaultValue = "${env:LEADER_ELECTION_LEASE_LOCK_NAME:-compute-domain-controller}",
      description = "LEADER_ELECTION_LEASE_LOCK_NAME.")
  String leaseName;

  @Option(
      names = "--leader-election-lease-lock-namespace",
      defaultValue = "${env:LEADER_ELECTION_LEASE_LOCK_NAMESPACE:-}",
      description = "LEADER_ELECTION_LEASE_LOCK_NAMESPACE; the driver's namespace when empty.")
  String leaseNamespace;

  @Option(
      names = "--leader-election-lease-duration",
      defaultValue = "${env:LEADER_ELECTION_LEASE_DURATION:-15s}",
      description = "LEADER_ELECTION_LEASE_DURATION.")
  String leaseDuration;

  @Option(
      names = "--leader-election-renew-deadline",
      defaultValue = "${env:LEADER_ELECTION_RENEW_DEADLINE:-10s}",
      description = "LEADER_ELECTION_RENEW_DEADLINE.")
  String renewDeadline;

  @Option(
      names = "--leader-election-retry-period",
      defaultValue = "${env:LEADER_ELECTION_RETRY_PERIOD:-2s}",
      description = "LEADER_ELECTION_RETRY_PERIOD.")
  String retryPeriod;

  @Option(
      names = "--http-endpoint",
      defaultValue = "${env:HTTP_ENDPOINT:-}",
      description = "[host]:port of the metrics HTTP server; empty disables (HTTP_ENDPOINT).")
  String httpEndpoint;

  @Option(
      names = "--metrics-path",
      defaultValue = "${env:METRICS_PATH:-/metrics}",
      description = "HTTP path of the metrics (METRICS_PATH).")
  String metricsPath;

  @Override
  public Integer call() throws Exception {
    DaemonSettings settings = settings();
    Optional<InetSocketAddress> endpoint = MetricsServer.parseEndpoint(httpEndpoint);
    DomainMetrics metrics = new DomainMetrics();
    FeatureGates gates = FeatureGates.parse(featureGates);
    Optional<LeaseElection> election = election();
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = Clients.connect(cluster.target(), api.limit());
        Elections leadership =
            Elections.start(client, election, "compute-domain-controller", metrics.registry());
        ComputeDomainController controller =
            ComputeDomainController.start(
                new Launch(
                    client, leadership.leadership(), ComputeDomainControllerCommand::leaseLost),
                settings,
                gates.enabled(FeatureGate.COMPUTE_DOMAIN_CLIQUES),
                metrics);
        AutoCloseable server = serve(endpoint, metrics)) {
      Runtime.getRuntime()
          .addShutdownHook(
              Thread.ofPlatform()
                  .unstarted(() -> {
                    controller.close();
                    stopped.countDown();
                  }));
      stopped.await();
    }
    return 0;
  }

  private AutoCloseable serve(Optional<InetSocketAddress> endpoint, DomainMetrics metrics) {
    return endpoint
        .<AutoCloseable>map(a -> new MetricsServer(a, metricsPath, metrics.registry()))
        .orElse(() -> {});
  }

  DaemonSettings settings() {
    if (imageName == null || imageName.isBlank()) {
      throw new IllegalArgumentException(
          "--image-name (IMAGE_NAME) is required: the domains' daemons run the driver's image");
    }
    List<String> secrets =
        Arrays.stream(pullSecrets.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    ImexMode imex = ImexMode.parse(imexMode, imexIsolation, FeatureGates.parse(featureGates));
    return new DaemonSettings(
        namespace, imageName, daemonVerbosity, maxNodes, featureGates, secrets, imex);
  }

  /** Another replica holds the lease now: exit, as NVIDIA's controller does. */
  private static void leaseLost() {
    System.err.println("compute-domain-controller: lost the leader lease; exiting");
    System.exit(1);
  }

  Optional<LeaseElection> election() {
    if (!leaderElection) {
      return Optional.empty();
    }
    return Optional.of(
        new LeaseElection(
            leaseName,
            leaseNamespace.isBlank() ? namespace : leaseNamespace,
            duration("--leader-election-lease-duration", leaseDuration),
            duration("--leader-election-renew-deadline", renewDeadline),
            duration("--leader-election-retry-period", retryPeriod)));
  }

  /** Go's duration syntax, as NVIDIA's flags take it: {@code 15s}, {@code 1m30s}, {@code 500ms}. */
  static Duration duration(String flag, String value) {
    try {
      return GoDuration.parse(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          flag + " must be a duration such as 15s, 1m30s or 500ms, got \"" + value + "\"", e);
    }
  }
}
