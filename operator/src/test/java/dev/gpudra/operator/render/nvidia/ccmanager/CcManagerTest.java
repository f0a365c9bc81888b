package dev.gpudra.operator.render.nvidia.ccmanager;

import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.context;
import static dev.gpudra.operator.render.nvidia.sandbox.SandboxTestSupport.env;
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

class CcManagerTest {
  @Test
  @DisplayName("the CC manager runs on CC-capable nodes with the default mode from the spec")
  void ccManagerOnCcCapableNodesWithTheDefaultModeFromTheSpec() throws IOException {
    List<HasMetadata> objects =
        CcManager.objects(context("ccManager: {enabled: true, defaultMode: devtools}\n"));

    PodSpec pod = pod(objects);
    Container main = pod.getContainers().getFirst();
    assertThat(objects.getLast().getMetadata().getName()).isEqualTo("nvidia-cc-manager");
    assertThat(pod.getNodeSelector())
        .containsExactly(
            Map.entry("nvidia.com/gpu.deploy.cc-manager", "true"),
            Map.entry("nvidia.com/cc.capable", "true"));
    assertThat(main.getImage()).isEqualTo("registry.local/k8s-cc-manager:v0.4.3");
    assertThat(env(main, "DEFAULT_CC_MODE")).isEqualTo("devtools");
    assertThat(env(main, "NVIDIA_VISIBLE_DEVICES")).isEqualTo("void");
    assertThat(main.getLifecycle().getPreStop().getExec().getCommand())
        .contains("/run/nvidia/validations/.cc-manager-ctr-ready");
    assertThat(pod.getVolumes())
        .extracting(v -> v.getHostPath().getPath())
        .containsExactly("/sys", "/run/nvidia");
    assertThat(rules(objects))
        .singleElement()
        .satisfies(r -> assertThat(r.getVerbs()).containsExactly("get", "list", "patch", "watch"));
  }

  @Test
  @DisplayName(
      "no default mode leaves the variable out, and the spec's resources replace the asset's")
  void noDefaultModeLeavesTheVariableOutAndTheSpecsResourcesReplaceTheAssets() throws IOException {
    Container main =
        pod(CcManager.objects(
                context("ccManager: {enabled: true, resources: {limits: {memory: 1Gi}}}\n")))
            .getContainers()
            .getFirst();

    assertThat(env(main, "DEFAULT_CC_MODE")).isNull();
    assertThat(main.getResources().getLimits().get("memory").toString()).isEqualTo("1Gi");
  }
}
