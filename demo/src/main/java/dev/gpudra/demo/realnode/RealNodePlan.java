package dev.gpudra.demo.realnode;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.Expectation;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Which of the embedded demo's nodes the real node plays for a scenario (its GPU profile, the
 * plugin's feature gates and consumable shares), and which scenarios cannot run on it, and why.
 */
final class RealNodePlan {
  /** The node a scenario plays when its {@code expect.yaml} names none: 8 A100s, MIG-capable. */
  static final String DEFAULT_NODE = "gpu-node-2";

  private final List<Demo.NodeSpec> nodes;
  private final Optional<Path> imageTar;

  /**
   * @param imageTar our image's tar, which the node's containerd imported ({@link PluginImage#tar})
   */
  RealNodePlan(List<Demo.NodeSpec> nodes, Optional<Path> imageTar) {
    this.nodes = List.copyOf(nodes);
    this.imageTar = imageTar;
  }

  /**
   * The node named by the scenario's first pod that names a DRA node, else {@link #DEFAULT_NODE}; a
   * pod on {@link Demo#PLUGIN_NODE} runs beside it on the classic device plugin.
   */
  Demo.NodeSpec nodeFor(DemoSpec spec) {
    String name =
        spec.expectation().pods().stream()
            .map(Expectation.Pod::node)
            .filter(n -> n != null && !n.equals(Demo.PLUGIN_NODE))
            .findFirst()
            .orElse(DEFAULT_NODE);
    return nodes.stream()
        .filter(n -> n.name().equals(name))
        .findFirst()
        .orElseThrow(() ->
            new IllegalArgumentException(
                spec.name() + "/expect.yaml: node " + name + " is none of the demo's nodes"));
  }

  /**
   * Why the scenario cannot run on one real node whose plugins are processes of the image's
   * classpath: what blocks it, and the suite that covers it on a real node; empty when it can.
   */
  Optional<String> notRunnable(DemoSpec spec) {
    if (spec.needsComputeDomains()) {
      return Optional.of(
          "it needs the compute-domain controller, whose IMEX daemons are a DaemonSet of the"
              + " gpu-dra image, which --real-node does not load (covered by"
              + " RealNodeComputeDomainE2E)");
    }
    if (imageTar.isEmpty()
        && spec.expectation().pods().stream().anyMatch(Expectation.Pod::mpsDaemon)) {
      return Optional.of(
          "its MPS control daemon is a Deployment of the gpu-dra image, and no --image-tar gave it"
              + " to the node (covered by RealNodeMpsE2E)");
    }
    return Optional.empty();
  }
}
