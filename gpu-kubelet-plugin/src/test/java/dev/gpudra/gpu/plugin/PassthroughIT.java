package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PassthroughSupport through the kubelet stand-in's gRPC calls on simulated H100s whose PCI devices
 * are the sysfs stand-in's, which moves them between drivers as the kernel does: NVIDIA's {@code
 * gpu-test-vfiopci} and {@code gpu-test-vfio-config}.
 */
class PassthroughIT {
  private static final FeatureGates ON = FeatureGates.parse("PassthroughSupport=true");

  @TempDir Path root;
  private SysfsStandIn kernel;
  private PluginNode node;
  private List<GpuInfo> gpus;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
    if (kernel != null) {
      kernel.close();
    }
  }

  /** The profile's GPUs on the stand-in's PCI bus, each in its own IOMMU group (10 + index). */
  private void start(Optional<String> initialDriver) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      gpus = nvml.gpus();
    }
    List<SysfsStandIn.Gpu> pci = new ArrayList<>();
    for (GpuInfo gpu : gpus) {
      pci.add(
          new SysfsStandIn.Gpu(
              gpu.pciBusId(), 0x2330, gpu.index() / 4, 10 + gpu.index(), initialDriver));
    }
    kernel = SysfsStandIn.start(root.resolve("sys"), pci);
    node =
        PluginNode.start(
            root.resolve("node"),
            PluginNode.Setup.defaults()
                .withGates(ON)
                .withPassthroughRoots(new PassthroughRoots(kernel.root(), root.resolve("host"))));
  }

  private List<Device> devices() {
    return node.client.resources(ResourceSlice.class).list().getItems().stream()
        .flatMap(s -> s.getSpec().getDevices().stream())
        .toList();
  }

  private List<String> deviceNames() {
    return devices().stream().map(Device::getName).toList();
  }

  /** The device name of the GPU with that index, and its passthrough device. */
  private String address(int index) {
    return gpus.get(index).pciBusId();
  }

  private ClaimRef vfioClaim(String name, String device, Map<String, Object> iommu) {
    return node.claims
        .named(name)
        .device("vm", device)
        .config(List.of("vm"), params("VfioDeviceConfig", Map.of("iommu", iommu)))
        .create();
  }

  @Test
  @DisplayName(
      "each GPU is published twice, as gpu-<minor> and as gpu-vfio-<i> with NVIDIA's attributes"
          + " (synthetic UUIDv5 of the PCI address, PCI IDs, NUMA node, BAR-addressable memory)")
  void publishesPassthroughDevices() {
    start(Optional.of("nvidia"));

    await().until(() -> deviceNames().size() == 16);
    Device vfio =
        devices().stream().filter(d -> d.getName().equals("gpu-vfio-0")).findFirst().orElseThrow();
    assertThat(deviceNames())
        .containsAll(IntStream.range(0, 8).mapToObj(i -> "gpu-vfio-" + i).toList());
    var attributes = vfio.getAttributes();
    assertThat(attributes.get("type").getString()).isEqualTo("vfio");
    assertThat(attributes.get("deviceID").getString()).isEqualTo("0x2330");
    assertThat(attributes.get("vendorID").getString()).isEqualTo("0x10de");
    assertThat(attributes).as("removed in NVIDIA's 0.5").doesNotContainKey("numa");
    assertThat(attributes.get("resource.kubernetes.io/numaNode").getInt()).isZero();
    assertThat(attributes.get("iommuFDEnabled").getBool()).isFalse();
    assertThat(attributes.get("resource.kubernetes.io/pciBusID").getString()).isEqualTo(address(0));
    assertThat(attributes.get("productName").getString())
        .as("no pci.ids on this host: NVML's name")
        .isEqualTo(gpus.getFirst().name());
    assertThat(address(0)).isEqualTo("0000:07:00.0");
    assertThat(attributes.get("uuid").getString())
        .as("Go's uuid.NewSHA1(uuid.NameSpaceDNS, address), as NVIDIA's")
        .isEqualTo("d2469275-e47b-54e1-844d-b9fa37184885");
    assertThat(vfio.getCapacity().get("addressableMemory").getValue().getAmount()).isEqualTo("128");
  }

  @Test
  @DisplayName(
      "a passthrough claim binds its GPU to vfio-pci, gets /dev/vfio/<group> (and /dev/vfio/vfio"
          + " when asked) with no driver files, hides gpu-<minor> until unprepare gives the GPU"
          + " back to nvidia; a claim for the sibling meanwhile is busy")
  void passesThroughAndGivesBack() {
    start(Optional.of("nvidia"));
    await().until(() -> deviceNames().size() == 16);
    String gpu =
        node.plugin().parts().inventory().devices().stream()
            .filter(d ->
                d.gpu().pciBusId().equals(address(0))
                    && d.name().startsWith("gpu-")
                    && !d.name().contains("vfio"))
            .findFirst()
            .orElseThrow()
            .name();
    ClaimRef vm = vfioClaim("vm", "gpu-vfio-0", Map.of("enableAPIDevice", true));

    assertThat(node.prepare(vm).get(vm.uid()).error()).isEmpty();

    assertThat(kernel.driver(address(0))).contains("vfio-pci");
    assertThat(kernel.driver(address(1))).contains("nvidia");
    String spec = node.dirs.specText(vm.uid());
    assertThat(spec)
        .contains("path: \"/dev/vfio/10\"")
        .contains("path: \"/dev/vfio/vfio\"")
        .doesNotContain("NVIDIA_VISIBLE_DEVICES")
        .doesNotContain("/dev/nvidia");
    CheckpointDevice record = node.entry(vm.uid()).orElseThrow().devices().getFirst();
    assertThat(record.type()).isEqualTo("vfio");
    assertThat(record.sharingOrNone().vfioBackend()).isEqualTo("legacy");
    await().until(() -> !deviceNames().contains(gpu) && deviceNames().contains("gpu-vfio-0"));

    ClaimRef sibling = node.claims.named("sibling").device("gpu", gpu).create();
    assertThat(node.prepare(sibling).get(sibling.uid()).error())
        .contains("device busy")
        .contains("is the same GPU as \"gpu-vfio-0\"");

    assertThat(node.unprepare(vm).get(vm.uid()).error()).isEmpty();

    assertThat(kernel.driver(address(0))).contains("nvidia");
    await().until(() -> deviceNames().contains(gpu));
    assertThat(node.prepare(sibling).get(sibling.uid()).error()).isEmpty();
    await().until(() -> !deviceNames().contains("gpu-vfio-0"));
  }

  /** A host process {@code pid} named {@code command} that holds {@code /dev/nvidia<minor>}. */
  private Path holder(int pid, String command, int minor) throws IOException {
    Path process = Files.createDirectories(root.resolve("host/proc/" + pid + "/fd"));
    Files.writeString(process.getParent().resolve("comm"), command + "\n");
    Files.createSymbolicLink(process.resolve("0"), Path.of("/dev/null"));
    Files.createSymbolicLink(process.resolve("7"), Path.of("/dev/nvidia" + minor));
    return process.resolve("7");
  }

  @Test
  @DisplayName(
      "a host process holding the GPU's /dev/nvidia<minor> is waited for; past the wait the"
          + " prepare fails naming it (persistence mode back on, the GPU on nvidia) and the retry"
          + " binds once it let go")
  void waitsForTheGpusUsers() throws IOException {
    start(Optional.of("nvidia"));
    await().until(() -> deviceNames().size() == 16);
    GpuInfo first = node.gpus().gpus().get(0);
    node.gpus().setPersistenceMode(first, true);
    Path held = holder(4242, "dcgm-exporter", first.minor());
    holder(4243, "bash", first.minor() + 1);
    ClaimRef vm = vfioClaim("vm", "gpu-vfio-0", Map.of());

    assertThat(node.prepare(vm).get(vm.uid()).error())
        .contains("is still in use after 2 s: /dev/nvidia" + first.minor())
        .contains("held by 4242 (dcgm-exporter)")
        .doesNotContain("4243")
        .contains("the kubelet retries the claim");
    assertThat(kernel.driver(address(0))).contains("nvidia");
    assertThat(node.gpus().persistenceMode(first)).isTrue();

    Files.delete(held);
    assertThat(node.prepare(vm).get(vm.uid()).error()).isEmpty();

    assertThat(kernel.driver(address(0))).contains("vfio-pci");
    assertThat(node.gpus().persistenceMode(first)).isFalse();
  }

  @Test
  @DisplayName(
      "a prepare that fails after one GPU moved is rolled back with its persistence mode: the"
          + " checkpoint knew it before the move")
  void rollbackRestoresPersistenceMode() throws IOException {
    start(Optional.of("nvidia"));
    await().until(() -> deviceNames().size() == 16);
    List<GpuInfo> live = node.gpus().gpus();
    node.gpus().setPersistenceMode(live.get(0), true);
    holder(4242, "nvtop", live.get(1).minor());
    ClaimRef vms =
        node.claims
            .named("vms")
            .device("vm0", "gpu-vfio-0")
            .device("vm1", "gpu-vfio-1")
            .config(List.of("vm0", "vm1"), params("VfioDeviceConfig", Map.of("iommu", Map.of())))
            .create();

    assertThat(node.prepare(vms).get(vms.uid()).error()).contains("held by 4242 (nvtop)");
    assertThat(kernel.driver(address(0))).contains("vfio-pci");
    assertThat(node.gpus().persistenceMode(live.get(0))).isFalse();
    assertThat(node.entry(vms.uid()).orElseThrow().devices().getFirst().sharingOrNone())
        .satisfies(r -> assertThat(r.restoresPersistenceMode()).isTrue());

    assertThat(node.unprepare(vms).get(vms.uid()).error()).isEmpty();

    assertThat(kernel.driver(address(0))).contains("nvidia");
    assertThat(node.gpus().persistenceMode(live.get(0))).isTrue();
  }

  @Test
  @DisplayName(
      "a GPU in persistence mode leaves it for the move to vfio-pci (recorded in the checkpoint)"
          + " and gets it back with the nvidia driver; one without it is left as it is")
  void persistenceModeOffForTheMove() {
    start(Optional.of("nvidia"));
    await().until(() -> deviceNames().size() == 16);
    List<GpuInfo> live = node.gpus().gpus(); // the node's UUIDs, not those of node "n"
    GpuInfo first = live.get(0);
    node.gpus().setPersistenceMode(first, true);
    ClaimRef vm = vfioClaim("vm", "gpu-vfio-0", Map.of());
    ClaimRef plain = vfioClaim("plain", "gpu-vfio-1", Map.of());

    assertThat(node.prepare(vm).get(vm.uid()).error()).isEmpty();
    assertThat(node.prepare(plain).get(plain.uid()).error()).isEmpty();

    assertThat(node.gpus().persistenceMode(first)).isFalse();
    assertThat(node.entry(vm.uid()).orElseThrow().devices().getFirst().sharingOrNone())
        .satisfies(r -> assertThat(r.restoresPersistenceMode()).isTrue());
    assertThat(node.entry(plain.uid()).orElseThrow().devices().getFirst().sharingOrNone())
        .satisfies(r -> assertThat(r.restoresPersistenceMode()).isFalse());

    assertThat(node.unprepare(vm).get(vm.uid()).error()).isEmpty();
    assertThat(node.unprepare(plain).get(plain.uid()).error()).isEmpty();

    assertThat(kernel.driver(address(0))).contains("nvidia");
    assertThat(node.gpus().persistenceMode(first)).isTrue();
    assertThat(node.gpus().persistenceMode(live.get(1))).isFalse();
  }

  @Test
  @DisplayName(
      "at start, a GPU left on vfio-pci that no claim holds goes back to nvidia before NVML is"
          + " read")
  void strandedGpusAreReclaimed() {
    start(Optional.of("vfio-pci"));

    for (GpuInfo gpu : gpus) {
      assertThat(kernel.driver(gpu.pciBusId())).contains("nvidia");
    }
  }

  @Test
  @DisplayName("with the IOMMU off the plugin refuses to start, naming where it looked")
  void iommuOffRefusesTheStart() throws Exception {
    Path sys = root.resolve("bare-sys");
    Files.createDirectories(sys.resolve("bus/pci/devices"));
    assertThatThrownBy(() ->
            PluginNode.start(
                root.resolve("node"),
                PluginNode.Setup.defaults()
                    .withGates(ON)
                    .withPassthroughRoots(new PassthroughRoots(sys, root.resolve("host")))))
        .hasMessageContaining("PassthroughSupport is on, but the IOMMU is off")
        .hasMessageContaining("kernel/iommu_groups");
  }
}
