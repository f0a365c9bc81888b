package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import dev.gpudra.localcluster.operator.PolicyScenario;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpu-dra operator} as a process from the image's classpath, as its Deployment runs it, on
 * the real control plane: with NVIDIA's flags it takes the Lease, reconciles, serves its metrics
 * and probes on the addresses given, and ends promptly on SIGTERM while it leads (the lease's end
 * runs in its shutdown hook).
 */
class OperatorProcessE2E {
  private static final String NS = PolicyScenario.NAMESPACE;
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  @DisplayName(
      "the operator process leads, reconciles, serves /metrics, /healthz and /readyz; operator"
          + " uninstall deletes the policy and returns once it is gone; the operator ends on SIGTERM")
  void leadsServesAndStops(@TempDir Path dir) throws Exception {
    Path libs = ImageCli.libs();
    assertThat(libs).as("the image's classpath (build deployments/container)").isDirectory();
    try (ControlPlaneProcess controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(), dir.resolve("cp"), Duration.ofSeconds(120))) {
      KubernetesClient client = controlPlane.client();
      seed(client);
      int metrics = freePort();
      int probes = freePort();
      Process operator =
          ImageCli.gpuDra(
                  libs,
                  "operator",
                  "--kubeconfig",
                  controlPlane.kubeconfig().toString(),
                  "--namespace",
                  NS,
                  "--operand-image",
                  "gpu-dra:e2e",
                  "--leader-elect",
                  "--metrics-bind-address",
                  "127.0.0.1:" + metrics,
                  "--health-probe-bind-address",
                  "127.0.0.1:" + probes)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("operator.log").toFile())
              .start();
      try {
        await()
            .atMost(Duration.ofSeconds(60))
            .ignoreExceptions()
            .untilAsserted(() -> {
              assertThat(operator.isAlive()).as(log(dir)).isTrue();
              assertThat(get(probes, "/healthz").statusCode()).isEqualTo(200);
              assertThat(get(probes, "/readyz").statusCode()).isEqualTo(200);
              assertThat(get(metrics, "/metrics").body())
                  .containsPattern("gpu_operator_reconciliation_total [1-9]")
                  .contains("gpu_operator_gpu_nodes_total 1.0");
              assertThat(
                      client
                          .leases()
                          .inNamespace(NS)
                          .withName("53822513.nvidia.com")
                          .get()
                          .getSpec()
                          .getHolderIdentity())
                  .isNotBlank();
            });
        uninstallWaitsForThePolicy(libs, controlPlane, dir);
      } finally {
        operator.destroy();
      }
      assertThat(operator.waitFor(20, TimeUnit.SECONDS))
          .as("SIGTERM ends the leading operator; its log:%n%s", log(dir))
          .isTrue();
    }
  }

  /** The policy CRDs, the operator's namespace, one GPU node and NVIDIA's default policy. */
  private static void seed(KubernetesClient client) {
    CrdInstall.install(client, ClusterPolicyCrds.all());
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
    client.resource(PolicyScenario.gpuNode("node-a", true)).create();
    client.resource(PolicyScenario.policy()).create();
  }

  /**
   * The chart's pre-delete step, as a process: deletes the policy and waits while the running
   * operator takes its DRA node off the driver.
   */
  private static void uninstallWaitsForThePolicy(
      Path libs, ControlPlaneProcess controlPlane, Path dir) throws Exception {
    KubernetesClient client = controlPlane.client();
    Process uninstall =
        ImageCli.gpuDra(
                libs,
                "operator",
                "uninstall",
                "--kubeconfig",
                controlPlane.kubeconfig().toString(),
                "--timeout",
                "60s")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("uninstall.log").toFile())
            .start();
    assertThat(uninstall.waitFor(90, TimeUnit.SECONDS)).isTrue();
    String said = Files.readString(dir.resolve("uninstall.log"));
    assertThat(uninstall.exitValue()).as(said).isZero();
    assertThat(said)
        .contains("ClusterPolicy cluster-policy: deleted")
        .contains("every ClusterPolicy and GPUCluster is gone");
    assertThat(client.resources(ClusterPolicy.class).withName("cluster-policy").get()).isNull();
  }

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(5))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String log(Path dir) throws IOException {
    Path file = dir.resolve("operator.log");
    return Files.exists(file) ? Files.readString(file) : "";
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
