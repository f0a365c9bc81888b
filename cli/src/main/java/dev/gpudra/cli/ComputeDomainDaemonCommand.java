package dev.gpudra.cli;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.computedomain.clique.DaemonIdentity;
import dev.gpudra.computedomain.daemon.DaemonFiles;
import dev.gpudra.computedomain.daemon.DaemonRun;
import dev.gpudra.computedomain.imex.ImexConfigFile;
import dev.gpudra.computedomain.imex.ImexReadiness;
import dev.gpudra.kit.process.Signals;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gpu-dra compute-domain-daemon run|check}: what each ComputeDomain's DaemonSet runs, with
 * the environment the controller and the daemon claim's CDI edits give it.
 */
@Command(
    name = "compute-domain-daemon",
    mixinStandardHelpOptions = true,
    description = "A ComputeDomain's IMEX daemon: run it, or check that IMEX is ready.",
    subcommands = {ComputeDomainDaemonCommand.Run.class, ComputeDomainDaemonCommand.Check.class})
final class ComputeDomainDaemonCommand {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  static final String NO_CDI =
      "CDI container edits did not apply -- is CDI enabled in your container runtime?";

  /** Where IMEX's files are; both subcommands read them. */
  static class Files {
    @Option(
        names = "--imexd-dir",
        defaultValue = "${env:IMEXD_DIR:-" + ImexConfigFile.DIR + "}",
        description = "The domain's directory from the daemon claim (default ${DEFAULT-VALUE}).")
    Path imexd;

    @Option(
        names = "--clique-id",
        defaultValue = "${env:CLIQUE_ID:-}",
        description =
            "This node's clique, from the daemon claim (CLIQUE_ID); empty off the fabric.")
    String cliqueId;
  }

  @Command(
      name = "run",
      mixinStandardHelpOptions = true,
      description = "Join the domain's clique and supervise nvidia-imex until SIGTERM.")
  static final class Run extends Files implements Callable<Integer> {
    @Mixin ClusterOptions cluster = new ClusterOptions();

    @Mixin ApiClientOptions api = new ApiClientOptions();

    @Option(
        names = "--domain-uid",
        defaultValue = "${env:COMPUTE_DOMAIN_UUID:-}",
        description = "COMPUTE_DOMAIN_UUID, from the daemon claim.")
    String domainUid;

    @Option(names = "--node-name", defaultValue = "${env:NODE_NAME:-}", description = "NODE_NAME.")
    String nodeName;

    @Option(names = "--pod-ip", defaultValue = "${env:POD_IP:-}", description = "POD_IP.")
    String podIp;

    @Option(names = "--pod-name", defaultValue = "${env:POD_NAME:-}", description = "POD_NAME.")
    String podName;

    @Option(
        names = "--pod-namespace",
        defaultValue = "${env:POD_NAMESPACE:-}",
        description = "POD_NAMESPACE: the driver's namespace, where cliques are.")
    String podNamespace;

    @Option(names = "--pod-uid", defaultValue = "${env:POD_UID:-}", description = "POD_UID.")
    String podUid;

    @Option(
        names = "--max-nodes-per-imex-domain",
        defaultValue = "${env:MAX_NODES_PER_IMEX_DOMAIN:-18}",
        description = "How many daemons a clique takes (MAX_NODES_PER_IMEX_DOMAIN).")
    int maxNodes;

    @Option(
        names = "--feature-gates",
        defaultValue = "${env:FEATURE_GATES:-}",
        description = "FEATURE_GATES (IMEXDaemonsWithDNSNames).")
    String featureGates;

    @Option(
        names = "--imex-program",
        defaultValue = "${env:IMEX_PROGRAM:-/usr/bin/nvidia-imex}",
        description = "nvidia-imex, as the daemon claim mounts it (default ${DEFAULT-VALUE}).")
    Path imexProgram;

    @Option(
        names = "--hosts-file",
        defaultValue = "/etc/hosts",
        description = "Where the clique's DNS names are written (default ${DEFAULT-VALUE}).")
    Path hostsFile;

    @Override
    public Integer call() throws InterruptedException {
      DaemonRun.Settings settings = settings();
      CountDownLatch done = new CountDownLatch(1);
      try (KubernetesClient client = Clients.connect(cluster.target(), api.limit())) {
        DaemonRun run = new DaemonRun(client, settings, new Signals());
        Runtime.getRuntime()
            .addShutdownHook(
                Thread.ofPlatform()
                    .unstarted(() -> {
                      run.stop();
                      awaitQuietly(done);
                    }));
        try {
          run.run();
        } finally {
          done.countDown();
        }
      }
      return 0;
    }

    DaemonRun.Settings settings() {
      if (domainUid == null || domainUid.isBlank()) {
        throw new IllegalArgumentException(NO_CDI);
      }
      for (String[] required :
          new String[][] {
            {"NODE_NAME", nodeName},
            {"POD_IP", podIp},
            {"POD_NAME", podName},
            {"POD_NAMESPACE", podNamespace},
            {"POD_UID", podUid}
          }) {
        if (required[1] == null || required[1].isBlank()) {
          throw new IllegalArgumentException(required[0] + " is required (the DaemonSet sets it)");
        }
      }
      boolean dnsNames =
          FeatureGates.parse(featureGates).enabled(FeatureGate.IMEX_DAEMONS_WITH_DNS_NAMES);
      return new DaemonRun.Settings(
          new DaemonIdentity(podNamespace, domainUid, cliqueId, nodeName, podIp, podName, podUid),
          new DaemonFiles(imexd, hostsFile, dnsNames, maxNodes),
          imexProgram,
          Duration.ofSeconds(1));
    }

    private static void awaitQuietly(CountDownLatch done) {
      try {
        done.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Exit 0 when IMEX is ready (nvidia-imex-ctl -q prints READY) or the node has no clique.")
  static final class Check extends Files implements Callable<Integer> {
    @Option(
        names = "--imex-ctl",
        defaultValue = "${env:IMEX_CTL:-/usr/bin/nvidia-imex-ctl}",
        description = "nvidia-imex-ctl, as the daemon claim mounts it (default ${DEFAULT-VALUE}).")
    Path imexCtl;

    @Override
    public Integer call() {
      if (cliqueId == null || cliqueId.isBlank()) {
        return 0;
      }
      ImexReadiness readiness = new ImexReadiness(imexCtl, imexd.resolve(ImexConfigFile.CONFIG));
      if (readiness.ready()) {
        return 0;
      }
      System.err.println("compute-domain-daemon check: IMEX is not ready");
      return 1;
    }
  }
}
