package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.demo.realnode.PassthroughHost;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * PassthroughSupport under the real kubelet, NVIDIA's {@code gpu-test-vfio-config}: our chart with
 * {@code featureGates.PassthroughSupport=true} on simulated H100s whose PCI devices are the sysfs
 * stand-in's (this test plays the kernel's part of moving them between drivers); kube-scheduler
 * allocates a {@code vfio.gpu.nvidia.com} device, the plugin binds it to vfio-pci, containerd gives
 * the container its IOMMU group's node and {@code /dev/vfio/vfio}, and the pod's deletion gives the
 * GPU back to nvidia.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class RealNodePassthroughE2E {
  private RealNodeFixture fixture;
  private NodePods pods;
  private KubernetesClient client;
  private PassthroughHost host;
  private SysfsStandIn kernel;
  private List<GpuInfo> byAddress;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      byAddress = nvml.gpus().stream().sorted(Comparator.comparing(GpuInfo::pciBusId)).toList();
    }
    host = PassthroughHost.start(Files.createDirectories(dir.resolve("sys")), "dgx-h100");
    kernel = host.sysfs();
    fixture =
        RealNodeFixture.start(
            dir.resolve("node"),
            "dgx-h100",
            List.of(
                "featureGates.PassthroughSupport=true",
                "kubeletPlugin.sysfsRoot=" + kernel.root()));
    pods = fixture.pods();
    client = fixture.controlPlane().client();
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
    if (host != null) {
      host.close();
    }
  }

  private static DeviceClaim vfioGpu() {
    return NodePods.configured(
        NodePods.oneDevice("vfio.gpu.nvidia.com", null),
        "VfioDeviceConfig",
        Map.of("iommu", Map.of("backendPolicy", "LegacyOnly", "enableAPIDevice", true)));
  }

  private List<String> published() {
    return client.resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> "gpu.nvidia.com".equals(s.getSpec().getDriver()))
        .flatMap(s -> s.getSpec().getDevices().stream())
        .map(d -> d.getName())
        .toList();
  }

  @Test
  @DisplayName(
      "a vfio.gpu.nvidia.com claim: its GPU moves to vfio-pci, the container sees /dev/vfio/<group>"
          + " and /dev/vfio/vfio, gpu-<minor> is hidden meanwhile; deleting the pod gives it back")
  void passedThroughAndBack() {
    await().atMost(Duration.ofSeconds(60)).until(() -> published().size() == 16);
    pods.template("vm", vfioGpu());

    Pod pod =
        pods.runUntilLogged(
            pods.pod("vm", "ls /dev/vfio; echo listed; sleep 600", "vm", null), "listed");

    String device = pods.allocatedDevice(pod);
    assertThat(device).matches("gpu-vfio-[0-7]");
    GpuInfo gpu = byAddress.get(Integer.parseInt(device.substring("gpu-vfio-".length())));
    assertThat(kernel.driver(gpu.pciBusId())).contains("vfio-pci");
    assertThat(pods.log(pod)).contains(Integer.toString(10 + gpu.index()), "vfio");
    String sibling = "gpu-" + gpu.minor();
    await().atMost(Duration.ofSeconds(30)).until(() -> !published().contains(sibling));
    String claimUid = pods.claimOf(pod).getMetadata().getUid();

    pods.delete(pod);

    fixture.awaitNoSpecFor(claimUid);
    assertThat(kernel.driver(gpu.pciBusId())).contains("nvidia");
    await().atMost(Duration.ofSeconds(30)).until(() -> published().contains(sibling));
  }
}
