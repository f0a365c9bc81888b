package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.config.TestDevices.gpu;
import static dev.gpudra.gpu.plugin.PluginNode.DRIVER;
import static dev.gpudra.gpu.plugin.PluginNode.NAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.cdi.TestSpecBuilders;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.registration.DraService;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The real plugin on a simulated DGX H100, driven by the kubelet stand-in over Unix sockets. */
class GpuKubeletPluginIT {
  private static final List<String> ALL_GPUS =
      IntStream.range(0, 8).mapToObj(i -> "gpu-" + i).toList();

  @TempDir Path root;
  private PluginNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private PluginNode start(PluginNode.Setup setup) {
    node = PluginNode.start(root, setup);
    return node;
  }

  @Test
  @DisplayName("registers with the kubelet and publishes the node's 8 GPUs in its own pool")
  void registersAndPublishes() {
    start(PluginNode.Setup.defaults());

    assertThat(node.kubelet().isRegistered(DRIVER)).isTrue();
    assertThat(node.kubelet().serviceOf(DRIVER)).contains(DraService.V1);
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(publishedDevices()).containsExactlyElementsOf(ALL_GPUS));
    assertThat(nodeSlices())
        .allSatisfy(s -> {
          assertThat(s.getSpec().getDriver()).isEqualTo(DRIVER);
          assertThat(s.getSpec().getNodeName()).isEqualTo(NAME);
          assertThat(s.getSpec().getPool().getName()).isEqualTo(NAME);
        });
  }

  record Kubelet(String name, Set<DraService> services, DraService expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Kubelet> kubelets() {
    return Stream.of(
        new Kubelet("kubelet 1.34+ calls v1", EnumSet.allOf(DraService.class), DraService.V1),
        new Kubelet(
            "kubelet 1.33 calls v1beta1", EnumSet.of(DraService.V1BETA1), DraService.V1BETA1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kubelets")
  @DisplayName(
      "prepare returns the claim's CDI device under the base request name, writes its spec,"
          + " is idempotent, and unprepare removes spec and checkpoint entry")
  void preparesAndUnprepares(Kubelet kubelet) {
    start(PluginNode.Setup.defaults().withKubeletServices(kubelet.services()));
    ClaimRef claim = node.claims.named("train").device("gpu/sub0", "gpu-3").create();

    PrepareResult first = node.prepare(claim).get(claim.uid());

    assertThat(node.kubelet().serviceOf(DRIVER)).contains(kubelet.expected());
    assertThat(first.error()).isEmpty();
    assertThat(first.devices())
        .containsExactly(
            new PreparedDevice(
                List.of("gpu"),
                NAME,
                "gpu-3",
                List.of("k8s.gpu.nvidia.com/claim=" + claim.uid() + "-gpu-3"),
                Optional.empty()));
    assertThat(node.dirs.cdiFiles()).containsExactly(node.dirs.specFile(claim.uid()));
    assertThat(node.dirs.specText(claim.uid()))
        .contains("name: \"" + claim.uid() + "-gpu-3\"", "path: \"/dev/nvidia3\"")
        .doesNotContain("/dev/nvidia4");
    assertThat(node.entry(claim.uid()))
        .get()
        .extracting(PreparedClaim::state)
        .isEqualTo(ClaimState.PREPARE_COMPLETED);

    PrepareResult again = node.prepare(claim).get(claim.uid());

    assertThat(again).isEqualTo(first);
    assertThat(node.dirs.cdiFiles()).containsExactly(node.dirs.specFile(claim.uid()));

    UnprepareResult released = node.unprepare(claim).get(claim.uid());

    assertThat(released.error()).isEmpty();
    assertThat(node.dirs.cdiFiles()).isEmpty();
    assertThat(node.entry(claim.uid())).isEmpty();
  }

  @Test
  @DisplayName(
      "a claim of a MIG device and a full GPU gets both CDI devices; the MIG one carries its"
          + " parent's device node and its nvidia-caps devices")
  void preparesMigAndFullGpu() {
    start(PluginNode.Setup.defaults().withProfile("dgx-a100-mig"));
    String mig = "gpu-0-mig-1g5gb-19-0";
    ClaimRef claim =
        node.claims.named("mixed").device("small", mig).device("large", "gpu-2").create();

    PrepareResult result = node.prepare(claim).get(claim.uid());

    assertThat(result.error()).isEmpty();
    assertThat(result.devices())
        .extracting(PreparedDevice::requestNames, PreparedDevice::deviceName)
        .containsExactly(tuple(List.of("small"), mig), tuple(List.of("large"), "gpu-2"));
    assertThat(result.devices())
        .flatExtracting(PreparedDevice::cdiDeviceIds)
        .containsExactly(
            "k8s.gpu.nvidia.com/claim=" + claim.uid() + "-" + mig,
            "k8s.gpu.nvidia.com/claim=" + claim.uid() + "-gpu-2");
    assertThat(node.dirs.specText(claim.uid()))
        .contains(
            "name: \"" + claim.uid() + "-" + mig + "\"",
            "path: \"/dev/nvidia0\"",
            "path: \"/dev/nvidia-caps/nvidia-cap",
            "name: \"" + claim.uid() + "-gpu-2\"",
            "path: \"/dev/nvidia2\"");
    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(node.dirs.cdiFiles()).isEmpty();
  }

  @Test
  @DisplayName("unprepare of a claim this node never prepared succeeds and changes nothing")
  void unprepareOfUnknownClaim() {
    start(PluginNode.Setup.defaults());
    ClaimRef held = node.claims.named("held").device("gpu", "gpu-0").create();
    assertThat(node.prepare(held).get(held.uid()).error()).isEmpty();
    ClaimRef unknown =
        new ClaimRef("default", "never-seen", "7d4c3a9e-0000-4000-8000-000000000000");

    UnprepareResult result = node.unprepare(unknown).get(unknown.uid());

    assertThat(result.error()).isEmpty();
    assertThat(node.dirs.cdiFiles()).containsExactly(node.dirs.specFile(held.uid()));
    assertThat(node.entry(held.uid())).isPresent();
  }

  @Test
  @DisplayName(
      "the metrics endpoint counts claims by NVIDIA's operation labels, and prepared devices (0"
          + " once none is prepared)")
  void metrics() throws Exception {
    start(PluginNode.Setup.defaults().withMetricsOnAnyPort());
    ClaimRef a = node.claims.named("a").device("gpu", "gpu-0").create();
    ClaimRef b = node.claims.named("b").device("gpu", "gpu-1").device("gpu", "gpu-2").create();
    node.prepare(a);
    node.prepare(b);
    node.unprepare(a);

    String text = scrape(node.plugin().metricsPort().orElseThrow());

    assertThat(text)
        .contains(
            "nvidia_dra_requests_total{driver=\"gpu.nvidia.com\",operation=\"prepare\"} 2.0",
            "nvidia_dra_requests_total{driver=\"gpu.nvidia.com\",operation=\"unprepare\"} 1.0",
            "nvidia_dra_prepared_devices{device_type=\"gpu\",driver=\"gpu.nvidia.com\","
                + "node=\"node-a\"} 2.0");

    node.unprepare(b);

    String after = scrape(node.plugin().metricsPort().orElseThrow());
    // every type NVIDIA's plugin reports is there at 0, as from the start
    for (String type : List.of("gpu", "mig", "unknown", "vfio")) {
      assertThat(after)
          .contains(
              "nvidia_dra_prepared_devices{device_type=\""
                  + type
                  + "\",driver=\"gpu.nvidia.com\",node=\"node-a\"} 0.0");
    }
  }

  @Test
  @DisplayName(
      "a damaged checkpoint at start: rebuilt from the CDI specs, a Warning Event on the node, the"
          + " GPU a spec names stays busy, and the unreadable gauge is back to 0")
  void rebuildsDamagedCheckpoint() throws Exception {
    NodeDirs dirs = new NodeDirs(root);
    String held = "99999999-0000-4000-8000-000000000009";
    Files.createDirectories(dirs.dataDir());
    Files.writeString(dirs.dataDir().resolve("checkpoint.json"), "{damaged by a full disk");
    ClaimSpecBuilder.writer(dirs.cdi())
        .write(held, TestSpecBuilders.simulated().build(held, List.of(gpu(3))));

    start(PluginNode.Setup.defaults().withMetricsOnAnyPort());

    var events = node.client.v1().events().inNamespace("default").list().getItems();
    assertThat(events)
        .anySatisfy(e -> {
          assertThat(e.getReason()).isEqualTo("CheckpointRebuilt");
          assertThat(e.getType()).isEqualTo("Warning");
          assertThat(e.getInvolvedObject().getKind()).isEqualTo("Node");
          assertThat(e.getInvolvedObject().getName()).isEqualTo(NAME);
          assertThat(e.getMessage()).contains("rebuilt 1 prepared claims");
        });
    ClaimRef other = node.claims.named("other").device("gpu", "gpu-3").create();
    assertThat(node.prepare(other).get(other.uid()).error())
        .contains("already allocated to different claim " + held);
    assertThat(scrape(node.plugin().metricsPort().orElseThrow()))
        .contains("gpu_dra_checkpoint_unreadable{driver=\"gpu.nvidia.com\",node=\"node-a\"} 0.0");
  }

  @Test
  @DisplayName("a deleted ResourceSlice is re-created within a few seconds")
  void recreatesDeletedSlice() {
    start(PluginNode.Setup.defaults());
    await().atMost(Duration.ofSeconds(10)).until(() -> publishedDevices().equals(ALL_GPUS));
    List<String> before = nodeSlices().stream().map(s -> s.getMetadata().getUid()).toList();

    nodeSlices().forEach(s -> node.client.resource(s).delete());

    await()
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(() -> {
          assertThat(nodeSlices())
              .isNotEmpty()
              .noneMatch(s -> before.contains(s.getMetadata().getUid()));
          assertThat(publishedDevices()).containsExactlyElementsOf(ALL_GPUS);
        });
  }

  private List<ResourceSlice> nodeSlices() {
    return node.client.dynamicResourceAllocation().v1().resourcesSlices().list().getItems().stream()
        .filter(s -> NAME.equals(s.getSpec().getNodeName()))
        .toList();
  }

  private List<String> publishedDevices() {
    return nodeSlices().stream()
        .flatMap(s -> s.getSpec().getDevices().stream())
        .map(Device::getName)
        .sorted()
        .toList();
  }

  private static String scrape(int port) throws Exception {
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(200);
      return response.body();
    }
  }
}
