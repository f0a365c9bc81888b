package dev.gpudra.operator.render.nvidia.sandbox;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.context;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.init;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.pod;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.operator.render.MissingImageException;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SandboxDevicePluginTest {
  @Test
  @DisplayName("the KubeVirt plugin waits per workload and mounts VFIO and the kubelet's sockets")
  void kubevirtPluginWaitsPerWorkloadAndMountsVfioAndTheKubeletsSockets() throws IOException {
    List<HasMetadata> objects =
        SandboxDevicePlugin.objects(
            context(
                "sandboxDevicePlugin: {enabled: true, repository: nvcr.io/nvidia,"
                    + " image: kubevirt-gpu-device-plugin, version: v1.6.0}\n"));

    PodSpec pod = pod(objects);
    assertThat(objects.getLast().getMetadata().getName())
        .isEqualTo("nvidia-sandbox-device-plugin-daemonset");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.sandbox-device-plugin", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-sandbox-device-plugin");
    assertThat(pod.getContainers().getFirst().getImage())
        .isEqualTo("nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.6.0");
    assertThat(init(pod, "vfio-pci-validation").getArgs().getFirst())
        .contains("!= \"vm-passthrough\"", "/run/nvidia/validations/vfio-pci-ready");
    assertThat(init(pod, "vgpu-devices-validation").getArgs().getFirst())
        .contains("!= \"vm-vgpu\"", "/run/nvidia/validations/vgpu-devices-ready");
    assertThat(init(pod, "vfio-pci-validation").getImage()).isEqualTo("registry.local/validator:1");
    assertThat(pod.getVolumes())
        .extracting(v -> v.getHostPath().getPath())
        .contains("/var/lib/kubelet/device-plugins", "/dev/vfio", "/var/run/cdi");
    assertThat(rules(objects)).flatExtracting(r -> r.getVerbs()).doesNotContain("*");
    assertThat(rules(objects))
        .anySatisfy(r -> assertThat(r.getResources()).containsExactly("nodefeatures"));
  }

  @Test
  @DisplayName("the operator's variable applies, else a refusal naming both")
  void theOperatorsVariableElseARefusalNamingBoth() throws IOException {
    assertThat(
            pod(SandboxDevicePlugin.objects(context("sandboxDevicePlugin: {enabled: true}\n")))
                .getContainers()
                .getFirst()
                .getImage())
        .isEqualTo("registry.local/kubevirt-gpu-device-plugin:v1.6.0");
    OperandContext none =
        new OperandContext(
            "gpu-operator",
            context("sandboxDevicePlugin: {enabled: true}\n").spec(),
            "x",
            Map.of("VALIDATOR_IMAGE", "v"));
    assertThatThrownBy(() -> SandboxDevicePlugin.objects(none))
        .isInstanceOf(MissingImageException.class)
        .hasMessageContaining("spec.sandboxDevicePlugin")
        .hasMessageContaining("SANDBOX_DEVICE_PLUGIN_IMAGE");
  }
}
