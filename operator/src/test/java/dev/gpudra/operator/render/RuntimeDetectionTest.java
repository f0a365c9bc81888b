package dev.gpudra.operator.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RuntimeDetectionTest {
  private static final ClusterPolicySpec DOCKER_DEFAULT =
      spec("operator: {defaultRuntime: docker}");

  private static ClusterPolicySpec spec(String yaml) {
    try {
      return new ObjectMapper(new YAMLFactory()).readValue(yaml + "\n", ClusterPolicySpec.class);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Node node(String runtimeVersion) {
    return new NodeBuilder()
        .withNewMetadata()
        .withName("gpu")
        .endMetadata()
        .withNewStatus()
        .withNewNodeInfo()
        .withContainerRuntimeVersion(runtimeVersion)
        .endNodeInfo()
        .endStatus()
        .build();
  }

  @Test
  @DisplayName("the runtime is the GPU nodes', containerd winning over others")
  void theGpuNodesRuntimeWithContainerdWinningOverOthers() {
    assertThat(RuntimeDetection.of(List.of(node("cri-o://1.31.0")), DOCKER_DEFAULT))
        .isEqualTo(Runtime.CRIO);
    assertThat(
            RuntimeDetection.of(
                List.of(node("docker://27.0.1"), node("containerd://2.1.4")), DOCKER_DEFAULT))
        .isEqualTo(Runtime.CONTAINERD);
  }

  @Test
  @DisplayName(
      "the deprecated default applies only when no GPU node says otherwise, else containerd")
  void theDeprecatedDefaultOnlyWhenNoGpuNodeSaysElseContainerd() {
    assertThat(RuntimeDetection.of(List.of(), DOCKER_DEFAULT)).isEqualTo(Runtime.DOCKER);
    assertThat(RuntimeDetection.of(List.of(node("unknown://1")), spec("driver: {}")))
        .isEqualTo(Runtime.CONTAINERD);
  }
}
