package dev.gpudra.operator.render.nvidia.sandbox;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.context;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.env;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.init;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.pod;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SandboxValidatorTest {
  @Test
  @DisplayName(
      "the sandbox validator's steps run in order, with the default workload and each step's env")
  void validatorStepsInOrderWithTheDefaultWorkloadAndEachStepsEnv() throws IOException {
    List<HasMetadata> objects =
        SandboxValidator.objects(
            context(
                "sandboxWorkloads: {enabled: true, defaultWorkload: vm-passthrough}\n"
                    + "ccManager: {enabled: true}\n"
                    + "validator: {vfioPCI: {env: [{name: EXTRA, value: '1'}]}}\n"));

    PodSpec pod = pod(objects);
    assertThat(objects.getLast().getMetadata().getName()).isEqualTo("nvidia-sandbox-validator");
    assertThat(pod.getNodeSelector())
        .containsExactly(Map.entry("nvidia.com/gpu.deploy.sandbox-validator", "true"));
    assertThat(pod.getInitContainers())
        .extracting(Container::getName)
        .containsExactly(
            "cc-manager-validation",
            "vfio-pci-validation",
            "vgpu-manager-validation",
            "vgpu-devices-validation");
    Container vfio = init(pod, "vfio-pci-validation");
    assertThat(vfio.getImage()).isEqualTo("registry.local/validator:1");
    assertThat(env(vfio, "COMPONENT")).isEqualTo("vfio-pci");
    assertThat(env(vfio, "WITH_WAIT")).isEqualTo("true");
    assertThat(env(vfio, "DEFAULT_GPU_WORKLOAD_CONFIG")).isEqualTo("vm-passthrough");
    assertThat(env(vfio, "EXTRA")).isEqualTo("1");
    assertThat(env(init(pod, "cc-manager-validation"), "DEFAULT_GPU_WORKLOAD_CONFIG")).isNull();
    assertThat(init(pod, "vgpu-manager-validation").getVolumeMounts())
        .extracting(m -> m.getMountPath())
        .contains("/run/nvidia/driver", "/host", "/run/nvidia/validations");
    Container main = pod.getContainers().getFirst();
    assertThat(main.getImage()).isEqualTo("registry.local/validator:1");
    assertThat(main.getSecurityContext().getRunAsUser()).isZero();
    assertThat(main.getLifecycle().getPreStop().getExec().getCommand())
        .contains("rm -f /run/nvidia/validations/*");
    assertThat(rules(objects))
        .singleElement()
        .satisfies(r -> assertThat(r.getVerbs()).containsExactly("get"));
  }

  @Test
  @DisplayName("without the CC manager its step is left out and container is the default workload")
  void withoutTheCcManagerItsStepIsLeftOutAndContainerIsTheDefaultWorkload() throws IOException {
    PodSpec pod = pod(SandboxValidator.objects(context("sandboxWorkloads: {enabled: true}\n")));

    assertThat(pod.getInitContainers())
        .extracting(Container::getName)
        .doesNotContain("cc-manager-validation");
    assertThat(env(init(pod, "vgpu-devices-validation"), "DEFAULT_GPU_WORKLOAD_CONFIG"))
        .isEqualTo("container");
  }
}
