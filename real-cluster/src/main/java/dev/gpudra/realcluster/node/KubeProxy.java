package dev.gpudra.realcluster.node;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The node's real kube-proxy ({@code gpu-dra-testcluster kube-proxy}, iptables mode): it routes the
 * {@code kubernetes} Service to the API server on the {@link NodeNetwork}'s gateway, so that our
 * plugin's pod finds the API server as in any cluster (in-cluster config, its service-account
 * token). It leaves the host's sysctls alone (no conntrack tuning, no localhost node ports), and
 * its rules go when it stops.
 */
final class KubeProxy implements AutoCloseable {
  private static final Duration SYNC_TIMEOUT = Duration.ofSeconds(60);
  private static final String API_SERVICE = "default/kubernetes:https cluster IP";

  private final Path testcluster;
  private final NodeProcess process;

  private KubeProxy(Path testcluster, NodeProcess process) {
    this.testcluster = testcluster;
    this.process = process;
  }

  /** Starts it for a registered node; see {@link #awaitApiService}. */
  static KubeProxy start(
      Path testcluster, NodeNetwork network, String nodeName, Path kubeconfig, Path log) {
    List<String> command =
        List.of(
            testcluster.toString(),
            "kube-proxy",
            "--parent-pid=" + ProcessHandle.current().pid(),
            "--kubeconfig=" + kubeconfig,
            "--hostname-override=" + nodeName,
            "--proxy-mode=iptables",
            "--cluster-cidr=" + network.subnet(),
            "--nodeport-addresses=primary",
            "--iptables-localhost-nodeports=false",
            "--conntrack-max-per-core=0",
            "--conntrack-tcp-timeout-established=0s",
            "--conntrack-tcp-timeout-close-wait=0s",
            "--metrics-bind-address=127.0.0.1:" + Poll.freePort(),
            "--healthz-bind-address=127.0.0.1:" + Poll.freePort());
    return new KubeProxy(testcluster, NodeProcess.start("kube-proxy", command, Map.of(), log));
  }

  /** Waits until its rules route the API server's Service. */
  void awaitApiService() throws InterruptedException {
    Poll.until(
        SYNC_TIMEOUT,
        KubeProxy::routesApiService,
        process::checkAlive,
        () ->
            "kube-proxy did not route the kubernetes Service within "
                + SYNC_TIMEOUT.toSeconds()
                + " s");
  }

  private static boolean routesApiService() {
    try {
      return Processes.run(List.of("iptables", "-t", "nat", "-S", "KUBE-SERVICES"))
          .contains(API_SERVICE);
    } catch (RealNodeStartException e) {
      return false; // no chain yet
    }
  }

  /** How it ended; empty while it runs. */
  java.util.Optional<String> exited() {
    return process.exited();
  }

  /** Stops it and removes its rules ({@code kube-proxy --cleanup}). */
  @Override
  public void close() {
    process.close();
    Processes.tryRun(List.of(testcluster.toString(), "kube-proxy", "--cleanup"));
  }
}
