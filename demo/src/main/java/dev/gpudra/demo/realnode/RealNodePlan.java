package dev.gpudra.demo.realnode;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.Expectation;
import java.nio.file.Path;
import java.util.ArrayList;
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
   * The node named by the scenario's first pod that names a DRA node; else, for a ComputeDomain
   * scenario, the first node on a multi-node NVLink fabric (a GB200 tray); else {@link
   * #DEFAULT_NODE}. A pod on {@link Demo#PLUGIN_NODE} runs beside it on the classic device plugin.
   */
  Demo.NodeSpec nodeFor(DemoSpec spec) {
    Optional<String> named =
        spec.expectation().pods().stream()
            .map(Expectation.Pod::node)
            .filter(n -> n != null && !n.equals(Demo.PLUGIN_NODE))
            .findFirst();
    if (named.isEmpty() && spec.needsComputeDomains()) {
      return nodes.stream()
          .filter(n -> NvlinkClique.of(n.profile(), n.name()).isPresent())
          .findFirst()
          .orElseThrow(() ->
              new IllegalArgumentException(
                  spec.name() + ": none of the demo's nodes is in an NVLink clique"));
    }
    String name = named.orElse(DEFAULT_NODE);
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
    if (imageTar.isEmpty() && spec.needsComputeDomains()) {
      return Optional.of(
          "its IMEX daemons are a DaemonSet of the gpu-dra image, and no --image-tar gave it to"
              + " the node (covered by RealNodeComputeDomainE2E)");
    }
    if (imageTar.isEmpty()
        && spec.expectation().pods().stream().anyMatch(Expectation.Pod::mpsDaemon)) {
      return Optional.of(
          "its MPS control daemon is a Deployment of the gpu-dra image, and no --image-tar gave it"
              + " to the node (covered by RealNodeMpsE2E)");
    }
    return Optional.empty();
  }

  /**
   * What one real node can show of the scenario's expectation.
   *
   * @param expectation as written, but for what one node cannot show
   * @param notes one line per pod whose expectation changed, and why
   */
  record OnOneNode(Expectation expectation, List<String> notes) {
    OnOneNode {
      notes = List.copyOf(notes);
    }
  }

  /**
   * The scenario's expectation on one node: as written, except that each Running worker with an
   * IMEX channel after the first needs a tray of its own (a node has one channel); here the first
   * holds it, so kube-scheduler must refuse the others for their claims.
   */
  OnOneNode onOneNode(DemoSpec spec) {
    List<Expectation.Pod> pods = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    boolean channelTaken = false;
    for (Expectation.Pod pod : spec.expectation().pods()) {
      if (pod.running() && pod.imexChannel() && channelTaken) {
        pods.add(refusedForItsChannel(pod));
        notes.add(
            pod.name()
                + " expects a GB200 tray of its own; one real node has one IMEX channel, which"
                + " the first worker holds, so it must stay Pending, refused for its claim");
      } else {
        pods.add(pod);
      }
      channelTaken |= pod.running() && pod.imexChannel();
    }
    return new OnOneNode(
        new Expectation(pods, spec.expectation().sameDevices(), spec.expectation().freeGpus()),
        notes);
  }

  private static Expectation.Pod refusedForItsChannel(Expectation.Pod pod) {
    return new Expectation.Pod(
        pod.name(),
        "Pending",
        null,
        null,
        null,
        null,
        "not-enough-devices",
        null,
        null,
        false,
        false,
        null,
        null,
        null,
        null);
  }
}
