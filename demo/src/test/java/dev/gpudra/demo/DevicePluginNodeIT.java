package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.scheduler.SchedulerStandIn;
import dev.gpudra.testsupport.devicemanager.ContainerAllocation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Our classic device plugin on a local-cluster node, behind the device-manager stand-in. */
class DevicePluginNodeIT {
  private static final String GPU = "nvidia.com/gpu";

  @Test
  @DisplayName(
      "the plugin registers nvidia.com/gpu with the node's device manager (allocatable 8 on a"
          + " dgx-h100), and a pod asking for nvidia.com/gpu: 1 is scheduled there and gets one"
          + " GPU through Allocate: NVIDIA_VISIBLE_DEVICES and its CDI name")
  void podGetsAGpu(@TempDir Path dir) {
    try (LocalApiServer api = new LocalApiServer().start();
        DevicePluginNode node =
            DevicePluginNode.start(
                api.client(), FieldSelectors.CLIENT_SIDE, dir, "gpu-node-dp", "dgx-h100");
        SchedulerStandIn scheduler = new SchedulerStandIn(api.client(), Demo.placement())) {
      KubernetesClient client = api.client();
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() ->
              new Quantity("8")
                  .equals(
                      client
                          .nodes()
                          .withName("gpu-node-dp")
                          .get()
                          .getStatus()
                          .getAllocatable()
                          .get(GPU)));
      scheduler.start();
      client
          .resource(
              new PodBuilder()
                  .withNewMetadata()
                  .withNamespace("default")
                  .withName("classic")
                  .endMetadata()
                  .withNewSpec()
                  .addNewContainer()
                  .withName("ctr")
                  .withImage("ubuntu:24.04")
                  .withNewResources()
                  .addToLimits(GPU, new Quantity("1"))
                  .endResources()
                  .endContainer()
                  .endSpec()
                  .build())
          .create();
      await()
          .atMost(Duration.ofSeconds(15))
          .ignoreExceptions()
          .until(() ->
              "Running"
                  .equals(
                      client
                          .pods()
                          .inNamespace("default")
                          .withName("classic")
                          .get()
                          .getStatus()
                          .getPhase()));

      Pod pod = client.pods().inNamespace("default").withName("classic").get();
      ContainerAllocation ctr =
          node.allocation(pod.getMetadata().getUid()).orElseThrow().get("ctr");
      String uuid = ctr.deviceIds().get(GPU).getFirst();
      assertThat(ctr.envs()).containsEntry("NVIDIA_VISIBLE_DEVICES", uuid);
      assertThat(ctr.cdiDevices()).containsExactly("k8s.device-plugin.nvidia.com/gpu=" + uuid);
    }
  }
}
