package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DeviceMetadata through the real plugin, driven by the kubelet stand-in over its Unix socket: the
 * metadata file of each request and the CDI spec that mounts it, for each kind of device.
 */
class DeviceMetadataIT {
  private static final String CONTAINER_DIR =
      "/var/run/kubernetes.io/dra-device-attributes/resourceclaims/";

  @TempDir Path root;
  private PluginNode node;
  private SysfsStandIn kernel;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
    if (kernel != null) {
      kernel.close();
    }
  }

  private void start(String profile, String gates) {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults().withProfile(profile).withGates(FeatureGates.parse(gates)));
  }

  private Path hostFile(String claim, String request) {
    return node.dirs
        .dataDir()
        .resolve("dra-device-metadata/default_" + claim + "/" + request + "/metadata.json");
  }

  private Path cdiSpec(ClaimRef claim, String request) {
    return node.dirs
        .cdi()
        .resolve("gpu.nvidia.com_metadata_" + claim.uid() + "_" + request + ".json");
  }

  /** The prepare's one device, which must carry the metadata's CDI device after its own. */
  private PreparedDevice prepareOne(ClaimRef claim, String request) {
    PrepareResult result = node.prepare(claim).get(claim.uid());
    assertThat(result.error()).isEmpty();
    PreparedDevice device = result.devices().getFirst();
    assertThat(device.cdiDeviceIds())
        .hasSize(2)
        .endsWith("gpu.nvidia.com/metadata=" + claim.uid() + "_" + request);
    return device;
  }

  /** The first object of the stream (v1beta1): its one request's first device. */
  private JsonNode firstDevice(Path file) throws IOException {
    JsonNode object = JsonMapper.builder().build().readTree(file.toFile());
    assertThat(object.get("apiVersion").asText()).isEqualTo("metadata.resource.k8s.io/v1beta1");
    return object.get("requests").get(0).get("devices").get(0);
  }

  @Test
  @DisplayName(
      "a whole GPU: its published attributes in the file, mounted at the kubelet's path by a CDI"
          + " spec, rewritten identically by a repeated prepare, removed by unprepare")
  void wholeGpu() throws IOException {
    start("dgx-h100", "DeviceMetadata=true");
    GpuInfo gpu = node.plugin().parts().inventory().device("gpu-3").orElseThrow().gpu();
    ClaimRef claim = node.claims.named("train").device("gpu", "gpu-3").create();

    prepareOne(claim, "gpu");

    Path file = hostFile("train", "gpu");
    String text = Files.readString(file);
    assertThat(text)
        .startsWith("{\n  \"kind\": \"DeviceMetadata\",\n")
        .contains("\"apiVersion\": \"metadata.resource.k8s.io/v1alpha1\"")
        .contains("\"uid\": \"" + claim.uid() + "\"", "\"generation\": 1\n");
    JsonNode device = firstDevice(file);
    assertThat(device.get("name").asText()).isEqualTo("gpu-3");
    assertThat(device.get("attributes").get("uuid").get("string").asText()).isEqualTo(gpu.uuid());
    assertThat(
            device.get("attributes").get("resource.kubernetes.io/pciBusID").get("string").asText())
        .isEqualToIgnoringCase(gpu.pciBusId());
    JsonNode mount =
        JsonMapper.builder()
            .build()
            .readTree(cdiSpec(claim, "gpu").toFile())
            .get("devices")
            .get(0)
            .get("containerEdits")
            .get("mounts")
            .get(0);
    assertThat(mount.get("hostPath").asText()).isEqualTo(file.toString());
    assertThat(mount.get("containerPath").asText())
        .isEqualTo(CONTAINER_DIR + "train/gpu/gpu.nvidia.com-metadata.json");

    Files.delete(file);
    prepareOne(claim, "gpu");

    assertThat(Files.readString(file)).isEqualTo(text);
    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(file.getParent().getParent()).doesNotExist();
    assertThat(node.dirs.cdiFiles()).isEmpty();
  }

  @Test
  @DisplayName("a static MIG device: its MIG UUID, parent UUID and profile")
  void staticMig() throws IOException {
    start("dgx-a100-mig", "DeviceMetadata=true");
    String mig = "gpu-0-mig-1g5gb-19-0";
    ClaimRef claim = node.claims.named("small").device("mig", mig).create();

    prepareOne(claim, "mig");

    JsonNode attributes = firstDevice(hostFile("small", "mig")).get("attributes");
    String parent = node.plugin().parts().inventory().device(mig).orElseThrow().gpu().uuid();
    assertThat(attributes.get("uuid").get("string").asText()).startsWith("MIG-");
    assertThat(attributes.get("parentUUID").get("string").asText()).isEqualTo(parent);
    assertThat(attributes.get("profile").get("string").asText()).isEqualTo("1g.5gb");
  }

  @Test
  @DisplayName(
      "a DynamicMIG device: the UUID of the MIG device the prepare created, which its offer could"
          + " not publish")
  void dynamicMig() throws IOException {
    start("dgx-h100", "DeviceMetadata=true,DynamicMIG=true");
    ClaimRef claim = node.claims.named("part").device("mig", "gpu-0-mig-1g10gb-19-0").create();

    prepareOne(claim, "mig");

    String created = node.entry(claim.uid()).orElseThrow().devices().getFirst().uuid();
    JsonNode attributes = firstDevice(hostFile("part", "mig")).get("attributes");
    assertThat(created).startsWith("MIG-");
    assertThat(attributes.get("uuid").get("string").asText()).isEqualTo(created);
    assertThat(attributes.get("profile").get("string").asText()).isEqualTo("1g.10gb");
  }

  @Test
  @DisplayName("a passthrough GPU (VFIO): NVIDIA's passthrough attributes, as NVIDIA's plugin")
  void vfio() throws IOException {
    List<GpuInfo> gpus;
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      gpus = nvml.gpus();
    }
    List<SysfsStandIn.Gpu> pci = new ArrayList<>();
    for (GpuInfo gpu : gpus) {
      pci.add(
          new SysfsStandIn.Gpu(
              gpu.pciBusId(), 0x2330, gpu.index() / 4, 10 + gpu.index(), Optional.of("nvidia")));
    }
    kernel = SysfsStandIn.start(root.resolve("sys"), pci);
    node =
        PluginNode.start(
            root.resolve("node"),
            PluginNode.Setup.defaults()
                .withGates(FeatureGates.parse("PassthroughSupport=true,DeviceMetadata=true"))
                .withPassthroughRoots(new PassthroughRoots(kernel.root(), root.resolve("host"))));
    ClaimRef claim =
        node.claims
            .named("vm")
            .device("vm", "gpu-vfio-0")
            .config(List.of("vm"), params("VfioDeviceConfig", Map.of("iommu", Map.of())))
            .create();

    prepareOne(claim, "vm");

    JsonNode attributes = firstDevice(hostFile("vm", "vm")).get("attributes");
    assertThat(attributes.get("type").get("string").asText()).isEqualTo("vfio");
    assertThat(attributes.get("resource.kubernetes.io/pciBusID").get("string").asText())
        .isEqualToIgnoringCase(gpus.getFirst().pciBusId());
    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(hostFile("vm", "vm")).doesNotExist();
  }
}
