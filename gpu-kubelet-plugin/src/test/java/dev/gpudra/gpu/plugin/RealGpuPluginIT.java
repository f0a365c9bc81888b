package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.PluginNode.DRIVER;
import static dev.gpudra.gpu.plugin.PluginNode.NAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.slices.Quantities;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.jna.NvmlBinding;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin on this machine's real GPUs: NVML through JNA, the driver's files and device nodes
 * from the driver root ({@code -Dgpudra.driverRoot}, default {@code /}), the kubelet stand-in over
 * real Unix sockets. Read only: the default config sets nothing on a GPU. Excluded unless the
 * {@code gpu} group is selected.
 */
@Tag("gpu")
@DisplayName("The plugin on real GPUs")
class RealGpuPluginIT {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir Path root;
  private final Path driverRoot = Path.of(System.getProperty("gpudra.driverRoot", "/"));
  private List<GpuInfo> gpus;
  private PluginNode node;

  @BeforeEach
  void start() {
    try (Nvml nvml = NvmlBinding.open(driverRoot)) {
      gpus = nvml.gpus();
    }
    FeatureGates gates = FeatureGates.defaults().with(FeatureGate.NVML_DEVICE_HEALTH_CHECK, true);
    node = PluginNode.startOnRealGpus(root, driverRoot, gates);
  }

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName("publishes a device per GPU NVML reports, with its UUID, name, bus ID and memory")
  void publishesTheGpus() {
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(devices()).hasSize(gpus.size()));
    node.client.resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> DRIVER.equals(s.getSpec().getDriver()))
        .forEach(s -> System.out.println("--- published\n" + Serialization.asYaml(s)));
    for (GpuInfo gpu : gpus) {
      Device device = device("gpu-" + gpu.minor());
      assertThat(string(device, "uuid")).isEqualTo(gpu.uuid());
      assertThat(string(device, "productName")).isEqualTo(gpu.name());
      assertThat(string(device, "resource.kubernetes.io/pciBusID")).isEqualTo(gpu.pciBusId());
      assertThat(string(device, "type")).isEqualTo("gpu");
      assertThat(Quantities.bytes(device.getCapacity().get("memory").getValue()))
          .isEqualTo(gpu.memoryBytes());
    }
  }

  @Test
  @DisplayName(
      "prepares a claim of a real GPU into a CDI spec whose device nodes are the node's character"
          + " devices and whose mounts exist, and unprepare removes it")
  void preparesARealGpu() throws IOException {
    GpuInfo gpu = gpus.get(0);
    String name = "gpu-" + gpu.minor();
    await().atMost(Duration.ofSeconds(20)).until(() -> devices().contains(name));
    ClaimRef claim = node.claims.named("real").device("gpu", name).create();

    PrepareResult prepared = node.prepare(claim).get(claim.uid());

    assertThat(prepared.error()).isEmpty();
    String text = node.dirs.specText(claim.uid());
    System.out.println("--- CDI spec of " + name + "\n" + text);
    JsonNode spec = YAML.readTree(text);
    List<JsonNode> edits = new ArrayList<>();
    edits.add(spec.path("containerEdits"));
    spec.path("devices").forEach(d -> edits.add(d.path("containerEdits")));
    assertThat(paths(edits, "deviceNodes", "path", "path"))
        .contains("/dev/nvidia" + gpu.minor(), "/dev/nvidiactl");
    assertThat(paths(edits, "deviceNodes", "hostPath", "path"))
        .allSatisfy(p -> assertThat(isCharacterDevice(Path.of(p))).as(p).isTrue());
    List<String> mounts = paths(edits, "mounts", "hostPath", "hostPath");
    assertThat(mounts).anySatisfy(p -> assertThat(p).contains("libnvidia-ml.so."));
    assertThat(mounts).allSatisfy(p -> assertThat(Path.of(p)).exists());
    assertThat(spec.path("containerEdits").path("hooks")).isNotEmpty();

    UnprepareResult released = node.unprepare(claim).get(claim.uid());

    assertThat(released.error()).isEmpty();
    assertThat(node.dirs.cdiFiles()).isEmpty();
  }

  private List<String> devices() {
    return node.client.resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> DRIVER.equals(s.getSpec().getDriver()))
        .filter(s -> NAME.equals(s.getSpec().getNodeName()))
        .flatMap(s -> s.getSpec().getDevices().stream())
        .map(Device::getName)
        .toList();
  }

  private Device device(String name) {
    return node.client.resources(ResourceSlice.class).list().getItems().stream()
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> d.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no published device " + name));
  }

  private static String string(Device device, String attribute) {
    return device.getAttributes().get(attribute).getString();
  }

  /** Each entry's {@code preferred} field, else its {@code fallback}, across all edits. */
  private static List<String> paths(
      List<JsonNode> edits, String field, String preferred, String fallback) {
    return edits.stream()
        .flatMap(e -> StreamSupport.stream(e.path(field).spliterator(), false))
        .map(n -> n.hasNonNull(preferred) ? n.get(preferred).asText() : n.get(fallback).asText())
        .toList();
  }

  private static boolean isCharacterDevice(Path path) {
    try {
      Map<String, Object> a = Files.readAttributes(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      return (((Integer) a.get("mode")) & 0170000) == 0020000;
    } catch (IOException e) {
      return false;
    }
  }
}
