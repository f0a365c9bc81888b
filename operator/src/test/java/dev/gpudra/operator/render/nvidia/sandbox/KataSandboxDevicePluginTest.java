package dev.gpudra.operator.render.nvidia.sandbox;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.context;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.init;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.pod;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class KataSandboxDevicePluginTest {
  @Test
  @DisplayName(
      "the Kata plugin runs on its label, waits for VFIO on passthrough nodes and writes CDI specs")
  void kataPluginOnItsLabelWaitsForVfioOnPassthroughNodesAndWritesCdiSpecs() throws IOException {
    List<HasMetadata> objects =
        KataSandboxDevicePlugin.objects(
            context("kataSandboxDevicePlugin: {enabled: true, env: [{name: X, value: y}]}\n"));

    PodSpec pod = pod(objects);
    assertThat(objects.getLast().getMetadata().getName())
        .isEqualTo("nvidia-kata-sandbox-device-plugin-daemonset");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.kata-sandbox-device-plugin", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-kata-sandbox-device-plugin");
    assertThat(pod.getContainers().getFirst().getImage())
        .isEqualTo("registry.local/nvidia-sandbox-device-plugin:v0.0.5");
    assertThat(pod.getContainers().getFirst().getEnv())
        .extracting(EnvVar::getName)
        .containsExactly("NODE_NAME", "POD_NAMESPACE", "POD_SERVICE_ACCOUNT", "X");
    assertThat(init(pod, "vfio-pci-validation").getArgs().getFirst())
        .contains("vm-passthrough", "vfio-pci-ready");
    assertThat(pod.getInitContainers()).hasSize(1);
    assertThat(pod.getVolumes())
        .extracting(v -> v.getHostPath().getPath())
        .contains("/var/lib/kubelet/device-plugins", "/var/run/cdi");
    assertThat(rules(objects)).flatExtracting(r -> r.getVerbs()).doesNotContain("*");
  }
}
