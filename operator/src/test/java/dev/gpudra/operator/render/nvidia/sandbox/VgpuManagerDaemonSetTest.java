package dev.gpudra.operator.render.nvidia.sandbox;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.env;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.init;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.pod;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.rules;
import static dev.gpudra.operator.render.nvidia.sandbox.VfioManagerDaemonSetTest.context;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VgpuManagerDaemonSetTest {
  private static final Map<String, String> IMAGES =
      Map.of(
          "VGPU_MANAGER_IMAGE", "registry.local/vgpu-manager:595.91.07",
          "DRIVER_MANAGER_IMAGE", "registry.local/k8s-driver-manager:v0.12.0");

  @Test
  @DisplayName(
      "the vGPU host driver on its deploy label, behind the driver manager, always OnDelete, its"
          + " tag ending in the nodes' OS")
  void vgpuManagerIsTheHostDriverAlwaysOnDelete() throws IOException {
    List<HasMetadata> objects =
        VgpuManagerDaemonSet.objects(
            context(
                "daemonsets: {updateStrategy: RollingUpdate}\n"
                    + "vgpuManager: {enabled: true, repository: registry.local/nvidia,"
                    + " image: vgpu-manager, version: 595.91.07,"
                    + " args: [init, --debug], env: [{name: X, value: '1'}],"
                    + " driverManager: {env: [{name: ENABLE_AUTO_DRAIN, value: 'true'}]}}\n",
                IMAGES));

    DaemonSet ds = (DaemonSet) objects.getLast();
    PodSpec pod = pod(objects);
    Container main = pod.getContainers().getFirst();
    Container manager = init(pod, "k8s-driver-manager");
    assertThat(ds.getMetadata().getName()).isEqualTo("nvidia-vgpu-manager-daemonset");
    assertThat(ds.getSpec().getUpdateStrategy().getType()).isEqualTo("OnDelete");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.vgpu-manager", "true"));
    assertThat(pod.getServiceAccountName()).isEqualTo("nvidia-vgpu-manager");
    assertThat(pod.getHostPID()).isTrue();
    assertThat(pod.getHostIPC()).isTrue();
    assertThat(ds.getSpec().getTemplate().getMetadata().getAnnotations())
        .containsEntry("kubectl.kubernetes.io/default-container", "nvidia-vgpu-manager-ctr");
    assertThat(main.getName()).isEqualTo("nvidia-vgpu-manager-ctr");
    assertThat(main.getImage())
        .isEqualTo("registry.local/nvidia/vgpu-manager:595.91.07-ubuntu24.04");
    assertThat(main.getCommand()).containsExactly("nvidia-driver");
    assertThat(main.getArgs()).containsExactly("init", "--debug");
    assertThat(env(main, "X")).isEqualTo("1");
    assertThat(manager.getImage()).isEqualTo("registry.local/k8s-driver-manager:v0.12.0");
    assertThat(manager.getEnv())
        .extracting(e -> e.getName())
        .containsExactly(
            "NODE_NAME", "NVIDIA_VISIBLE_DEVICES", "ENABLE_AUTO_DRAIN", "OPERATOR_NAMESPACE");
    assertThat(env(manager, "ENABLE_AUTO_DRAIN")).isEqualTo("true");
    assertThat(pod.getVolumes())
        .extracting(v -> v.getHostPath().getPath())
        .contains("/run/nvidia", "/dev/vfio", "/sys/fs/cgroup", "/run/nvidia/driver/lib/firmware");
    assertThat(main.getVolumeMounts())
        .anySatisfy(m -> {
          assertThat(m.getMountPath()).isEqualTo("/run/nvidia");
          assertThat(m.getMountPropagation()).isEqualTo("Bidirectional");
        });
    assertThat(rules(objects)).flatExtracting(r -> r.getVerbs()).doesNotContain("*");
    assertThat(rules(objects))
        .anySatisfy(r -> assertThat(r.getResources()).containsExactly("daemonsets"));
  }

  @Test
  @DisplayName("the operator's VGPU_MANAGER_IMAGE when the policy names no image")
  void imageFromTheOperatorsVariable() throws IOException {
    assertThat(
            pod(VgpuManagerDaemonSet.objects(context("vgpuManager: {enabled: true}\n", IMAGES)))
                .getContainers()
                .getFirst()
                .getImage())
        .isEqualTo("registry.local/vgpu-manager:595.91.07-ubuntu24.04");
  }

  @Test
  @DisplayName("kernelModuleConfig is refused naming the field; an empty name is not")
  void kernelModuleConfigIsRefused() throws IOException {
    var named =
        context("vgpuManager: {enabled: true, kernelModuleConfig: {name: params}}\n", IMAGES);
    assertThatThrownBy(() -> VgpuManagerDaemonSet.objects(named))
        .isInstanceOf(StateRefusedException.class)
        .hasMessageStartingWith("spec.vgpuManager.kernelModuleConfig: ")
        .hasMessageContaining("cannot name the keys");

    assertThat(
            VgpuManagerDaemonSet.objects(
                context("vgpuManager: {enabled: true, kernelModuleConfig: {name: ''}}\n", IMAGES)))
        .isNotEmpty();
  }
}
