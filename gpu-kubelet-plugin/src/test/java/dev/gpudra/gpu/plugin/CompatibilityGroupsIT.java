package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DeviceCompatibilityGroups through the kubelet stand-in on simulated H100s on the sysfs stand-in's
 * PCI bus: each GPU published as MIG devices, a whole GPU and a passthrough GPU on one counter set,
 * the groups telling the scheduler which go together.
 */
class CompatibilityGroupsIT {
  private static final FeatureGates GATES =
      FeatureGates.parse("DynamicMIG=true,PassthroughSupport=true,DeviceCompatibilityGroups=true");
  private static final String MIG = "gpu-0-mig-1g10gb-19-0";

  @TempDir Path root;
  private SysfsStandIn kernel;
  private PluginNode node;

  @BeforeEach
  void start() {
    List<GpuInfo> gpus;
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      gpus = nvml.gpus();
    }
    List<SysfsStandIn.Gpu> pci = new ArrayList<>();
    for (GpuInfo gpu : gpus) {
      pci.add(
          new SysfsStandIn.Gpu(gpu.pciBusId(), 0x2330, 0, 10 + gpu.index(), Optional.of("nvidia")));
    }
    kernel = SysfsStandIn.start(root.resolve("sys"), pci);
    node =
        PluginNode.start(
            root.resolve("node"),
            PluginNode.Setup.defaults()
                .withProfile("dgx-h100")
                .withGates(GATES)
                .withPassthroughRoots(new PassthroughRoots(kernel.root(), root.resolve("host"))));
  }

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
    if (kernel != null) {
      kernel.close();
    }
  }

  private List<Device> devices() {
    return node.client.resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> s.getSpec().getDevices() != null)
        .flatMap(s -> s.getSpec().getDevices().stream())
        .toList();
  }

  private Optional<Device> device(String name) {
    return devices().stream().filter(d -> d.getName().equals(name)).findFirst();
  }

  private static DeviceCounterConsumption consumption(Device device) {
    assertThat(device.getConsumesCounters()).as(device.getName()).hasSize(1);
    return device.getConsumesCounters().getFirst();
  }

  private static Object groups(Device device) {
    return consumption(device).getAdditionalProperties().get("compatibilityGroups");
  }

  /**
   * Every GPU published both ways: the slices are written one at a time, and the kubelet stand-in
   * may delete one the plugin then writes again.
   */
  private void awaitPublished() {
    await()
        .until(() ->
            IntStream.range(0, 8)
                .allMatch(
                    i -> device("gpu-" + i).isPresent() && device("gpu-vfio-" + i).isPresent()));
  }

  @Test
  @DisplayName(
      "a GPU's passthrough device consumes its whole counter set in group vfio-pci; the whole GPU"
          + " and its MIG devices are in group nvidia")
  void publishesBothModes() {
    awaitPublished();
    Device vfio = device("gpu-vfio-0").orElseThrow();
    Device whole = device("gpu-0").orElseThrow();

    assertThat(consumption(vfio).getCounterSet()).isEqualTo("gpu-0-counter-set");
    assertThat(consumption(vfio).getCounters()).isEqualTo(consumption(whole).getCounters());
    assertThat(groups(vfio)).isEqualTo(List.of("vfio-pci"));
    assertThat(groups(whole)).isEqualTo(List.of("nvidia"));
    assertThat(groups(device(MIG).orElseThrow())).isEqualTo(List.of("nvidia"));
    assertThat(consumption(device("gpu-vfio-7").orElseThrow()).getCounterSet())
        .isEqualTo("gpu-7-counter-set");
  }

  @Test
  @DisplayName(
      "a prepared MIG device keeps its GPU from passthrough and hides gpu-vfio-<i>; a passthrough"
          + " claim hides its GPU's MIG devices; unprepare gives both back")
  void oneModePerGpu() {
    awaitPublished();
    ClaimRef mig = node.claims.named("mig").device("part", MIG).create();
    ClaimRef vm0 = vfioClaim("vm0", "gpu-vfio-0");
    ClaimRef vm1 = vfioClaim("vm1", "gpu-vfio-1");

    assertThat(node.prepare(mig).get(mig.uid()).error()).isEmpty();
    await().until(() -> device("gpu-vfio-0").isEmpty());
    assertThat(node.prepare(vm0).get(vm0.uid()).error())
        .contains("device busy")
        .contains("is the same GPU as \"" + MIG + "\"");

    assertThat(node.prepare(vm1).get(vm1.uid()).error()).isEmpty();
    assertThat(kernel.driver(node.gpus().gpus().get(1).pciBusId())).contains("vfio-pci");
    await()
        .until(() ->
            device("gpu-1").isEmpty()
                && device("gpu-1-mig-1g10gb-19-0").isEmpty()
                && device("gpu-vfio-1").isPresent());

    assertThat(node.unprepare(mig, vm1).values()).allSatisfy(r -> assertThat(r.error()).isEmpty());
    await().until(() -> device("gpu-vfio-0").isPresent() && device("gpu-1").isPresent());
    assertThat(kernel.driver(node.gpus().gpus().get(1).pciBusId())).contains("nvidia");
  }

  private ClaimRef vfioClaim(String name, String device) {
    return node.claims
        .named(name)
        .device("vm", device)
        .config(List.of("vm"), params("VfioDeviceConfig", Map.of("iommu", Map.of())))
        .create();
  }
}
