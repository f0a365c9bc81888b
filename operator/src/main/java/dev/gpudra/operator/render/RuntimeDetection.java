package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.Runtime;
import io.fabric8.kubernetes.api.model.Node;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The container runtime NVIDIA's operator configures its toolkit for, read from the GPU nodes'
 * {@code status.nodeInfo.containerRuntimeVersion} ({@code containerd://}, {@code cri-o://}, {@code
 * docker://}); containerd wins when nodes differ; with no GPU node reporting one, the deprecated
 * {@code operator.defaultRuntime}, else containerd.
 */
public final class RuntimeDetection {
  private RuntimeDetection() {}

  /**
   * @param gpuNodes the nodes labelled {@code nvidia.com/gpu.present=true}
   */
  public static Runtime of(List<Node> gpuNodes, ClusterPolicySpec spec) {
    Set<Runtime> seen = EnumSet.noneOf(Runtime.class);
    for (Node node : gpuNodes) {
      version(node).flatMap(RuntimeDetection::runtime).ifPresent(seen::add);
    }
    if (seen.contains(Runtime.CONTAINERD)) {
      return Runtime.CONTAINERD;
    }
    if (!seen.isEmpty()) {
      return seen.iterator().next();
    }
    return Optional.ofNullable(spec.operator())
        .map(o -> o.defaultRuntime())
        .orElse(Runtime.CONTAINERD);
  }

  private static Optional<String> version(Node node) {
    return Optional.ofNullable(node.getStatus())
        .map(s -> s.getNodeInfo())
        .map(i -> i.getContainerRuntimeVersion());
  }

  private static Optional<Runtime> runtime(String version) {
    if (version.startsWith("containerd://")) {
      return Optional.of(Runtime.CONTAINERD);
    }
    if (version.startsWith("cri-o://")) {
      return Optional.of(Runtime.CRIO);
    }
    if (version.startsWith("docker://")) {
      return Optional.of(Runtime.DOCKER);
    }
    return Optional.empty();
  }
}
