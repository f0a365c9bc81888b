package dev.gpudra.operator.render.nvidia.sandbox;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.env;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.init;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.pod;
import static dev.gpudra.operator.render.nvidia.sandbox.VfioManagerDaemonSetTest.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VgpuDeviceManagerDaemonSetTest {
  private static final Map<String, String> IMAGES =
      Map.of(
          "VGPU_DEVICE_MANAGER_IMAGE", "registry.local/vgpu-device-manager:v0.5.0",
          "VALIDATOR_IMAGE", "registry.local/validator:1");

  private static List<HasMetadata> objects(String yaml) throws IOException {
    return VgpuDeviceManagerDaemonSet.objects(context(yaml, IMAGES));
  }

  @Test
  @DisplayName(
      "applies the named ConfigMap's layouts, the policy's default winning over env, after"
          + " vgpu-manager-ready in the validator's image")
  void devicesFromTheNamedLayoutsAfterTheVgpuManager() throws IOException {
    List<HasMetadata> objects =
        objects(
            "validator: {imagePullPolicy: Always, imagePullSecrets: [val]}\n"
                + "vgpuDeviceManager: {enabled: true, repository: nvcr.io/nvidia/cloud-native,"
                + " image: vgpu-device-manager, version: v0.5.0, imagePullSecrets: [own],"
                + " env: [{name: DEFAULT_VGPU_CONFIG, value: ignored}],"
                + " config: {name: my-vgpu-layouts, default: A100-4C}}\n");

    PodSpec pod = pod(objects);
    Container main = pod.getContainers().getFirst();
    Container wait = init(pod, "vgpu-manager-validation");
    assertThat(objects.getLast().getMetadata().getName()).isEqualTo("nvidia-vgpu-device-manager");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.vgpu-device-manager", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-vgpu-device-manager");
    assertThat(main.getImage()).isEqualTo("nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.5.0");
    assertThat(env(main, "CONFIG_FILE")).isEqualTo("/vgpu-config/config.yaml");
    assertThat(env(main, "DEFAULT_VGPU_CONFIG")).isEqualTo("A100-4C");
    assertThat(main.getEnv()).filteredOn(e -> e.getName().equals("DEFAULT_VGPU_CONFIG")).hasSize(1);
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getName().equals("vgpu-config"))
        .singleElement()
        .satisfies(v -> assertThat(v.getConfigMap().getName()).isEqualTo("my-vgpu-layouts"));
    assertThat(pod.getVolumes())
        .filteredOn(v -> v.getHostPath() != null)
        .extracting(v -> v.getHostPath().getPath())
        .containsExactly("/sys", "/", "/run/nvidia/driver", "/run/nvidia/validations");
    assertThat(main.getVolumeMounts())
        .extracting(m -> m.getMountPath())
        .containsExactly("/vgpu-config", "/sys", "/host", "/driver-root");
    assertThat(wait.getImage()).isEqualTo("registry.local/validator:1");
    assertThat(wait.getImagePullPolicy()).isEqualTo("Always");
    assertThat(wait.getSecurityContext().getRunAsUser()).isZero();
    assertThat(wait.getArgs().getFirst()).contains("/run/nvidia/validations/vgpu-manager-ready");
    assertThat(wait.getVolumeMounts().getFirst().getMountPropagation()).isEqualTo("Bidirectional");
    assertThat(pod.getImagePullSecrets())
        .extracting(LocalObjectReference::getName)
        .containsExactly("val", "own");
    assertThat(objects)
        .filteredOn(Role.class::isInstance)
        .singleElement()
        .satisfies(r ->
            assertThat(((Role) r).getRules().getFirst().getVerbs())
                .containsExactly("get", "list", "watch"));
    assertThat(objects)
        .filteredOn(ClusterRole.class::isInstance)
        .singleElement()
        .satisfies(r ->
            assertThat(((ClusterRole) r).getRules().getFirst().getVerbs())
                .containsExactly("get", "list", "watch", "update"));
  }

  @Test
  @DisplayName("the default layout is NVIDIA's 'default'; the image the operator's variable")
  void defaultLayoutAndImage() throws IOException {
    Container main =
        pod(objects("vgpuDeviceManager: {enabled: true, config: {name: layouts}}\n"))
            .getContainers()
            .getFirst();

    assertThat(env(main, "DEFAULT_VGPU_CONFIG")).isEqualTo("default");
    assertThat(main.getImage()).isEqualTo("registry.local/vgpu-device-manager:v0.5.0");
  }

  @Test
  @DisplayName("NVIDIA's default-vgpu-devices-config is refused naming the field")
  void nvidiasDefaultLayoutsAreRefused() {
    for (String yaml :
        List.of(
            "vgpuDeviceManager: {enabled: true}\n",
            "vgpuDeviceManager: {config: {name: ''}}\n",
            "vgpuDeviceManager: {config: {name: default-vgpu-devices-config}}\n")) {
      assertThatThrownBy(() -> objects(yaml))
          .isInstanceOf(StateRefusedException.class)
          .hasMessageStartingWith(
              "spec.vgpuDeviceManager.config.name: NVIDIA's default-vgpu-devices-config")
          .hasMessageContaining("namespace gpu-operator")
          .hasMessageContaining("config.yaml");
    }
  }
}
