package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded API server of {@code ./gpu-dra demo} answers the real kubectl (v1.35, built into
 * {@code gpu-dra-testcluster kubectl}): its discovery, then the {@code kubectl get
 * resourceslices,resourceclaims,pods -A} that the demo prints for a user to try.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedClusterKubectlE2E {
  private Path kubectl;
  private LocalApiServer server;
  private Path kubeconfig;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    kubectl = RealControlPlane.binaryOrSkip();
    server = new LocalApiServer().start();
    kubeconfig = server.writeKubeconfig(dir.resolve("kubeconfig"));
    KubernetesClient client = server.client();
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName("ml").endMetadata().build())
        .create();
    client
        .resource(
            new ResourceSliceBuilder()
                .withNewMetadata()
                .withName("node-a-gpu.nvidia.com-abcde")
                .endMetadata()
                .withNewSpec()
                .withDriver("gpu.nvidia.com")
                .withNodeName("node-a")
                .withNewPool()
                .withName("node-a")
                .withGeneration(1L)
                .withResourceSliceCount(1L)
                .endPool()
                .endSpec()
                .build())
        .create();
    client
        .resource(
            new ResourceClaimBuilder()
                .withNewMetadata()
                .withName("one-gpu")
                .withNamespace("ml")
                .endMetadata()
                .withNewSpec()
                .withNewDevices()
                .addNewRequest()
                .withName("gpu")
                .withNewExactly()
                .withDeviceClassName("gpu.nvidia.com")
                .endExactly()
                .endRequest()
                .endDevices()
                .endSpec()
                .build())
        .create();
    client
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("trainer")
                .withNamespace("ml")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("main")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("kubectl get resourceslices,resourceclaims,pods -A lists the demo cluster's objects")
  void getWhatTheDemoPrints() throws Exception {
    String out = kubectl("get", "resourceslices,resourceclaims,pods", "-A");
    assertThat(out)
        .contains("resourceslice.resource.k8s.io/node-a-gpu.nvidia.com-abcde")
        .contains("resourceclaim.resource.k8s.io/one-gpu")
        .contains("pod/trainer");
  }

  @Test
  @DisplayName("kubectl api-resources finds the DRA and NVIDIA resources through discovery")
  void apiResources() throws Exception {
    assertThat(kubectl("api-resources", "--api-group=resource.k8s.io", "-o", "name"))
        .contains("resourceslices.resource.k8s.io")
        .contains("resourceclaims.resource.k8s.io")
        .contains("deviceclasses.resource.k8s.io");
    assertThat(kubectl("get", "resourceclaims", "-n", "ml", "-o", "name"))
        .isEqualTo("resourceclaim.resource.k8s.io/one-gpu\n");
  }

  private String kubectl(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(kubectl.toString(), "kubectl"));
    command.add("--kubeconfig=" + kubeconfig);
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("kubectl %s ended", command).isTrue();
    assertThat(process.exitValue()).as("kubectl %s: %s", String.join(" ", args), output).isZero();
    return output;
  }
}
