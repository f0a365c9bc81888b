package dev.gpudra.operator.nvidiadriver;

import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.api.nvidiadriver.NvidiaDriverSpec;
import io.fabric8.kubernetes.api.model.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which NVIDIADriver owns each GPU node, as NVIDIA's operator routes them: the one whose {@code
 * nodeSelector} matches the node (no selector matches every GPU node), else the {@code default}
 * one; none when neither. Resources being deleted own nothing. Fails closed, before any node is
 * labelled: more than one default, a default with a selector, a selector on {@value
 * NvidiaDriver#OWNER_LABEL}, or two selectors matching one node.
 *
 * @param byNode each GPU node's owner, by node name (nodes without one are absent)
 */
public record DriverOwners(Map<String, String> byNode) {
  /** NVIDIA's label of a GPU node. */
  public static final String GPU_PRESENT = "nvidia.com/gpu.present";

  public DriverOwners {
    byNode = Map.copyOf(byNode);
  }

  /**
   * @param drivers every NVIDIADriver
   * @param gpuNodes the nodes labelled {@code nvidia.com/gpu.present=true}
   * @throws InvalidNvidiaDriverException when the drivers cannot own the nodes together
   */
  public static DriverOwners assign(List<NvidiaDriver> drivers, List<Node> gpuNodes) {
    List<NvidiaDriver> live =
        drivers.stream().filter(d -> d.getMetadata().getDeletionTimestamp() == null).toList();
    live.forEach(DriverOwners::validate);
    List<String> defaults =
        live.stream()
            .filter(d -> spec(d).defaultDriver())
            .map(DriverOwners::name)
            .sorted()
            .toList();
    if (defaults.size() > 1) {
      throw new InvalidNvidiaDriverException(
          "multiple default NVIDIADrivers found: "
              + defaults
              + ": at most one may say"
              + " spec.default: true",
          false);
    }
    Map<String, String> owners = new TreeMap<>();
    for (Node node : gpuNodes) {
      List<String> matching = new ArrayList<>();
      for (NvidiaDriver driver : live) {
        if (!spec(driver).defaultDriver() && matches(driver, labels(node))) {
          matching.add(name(driver));
        }
      }
      if (matching.size() > 1) {
        throw new InvalidNvidiaDriverException(
            "multiple NVIDIADrivers match the same node "
                + node.getMetadata().getName()
                + ": "
                + matching.stream().sorted().toList()
                + ": make their spec.nodeSelector disjoint",
            true);
      }
      Optional<String> owner =
          matching.isEmpty() ? defaults.stream().findFirst() : Optional.of(matching.get(0));
      owner.ifPresent(o -> owners.put(node.getMetadata().getName(), o));
    }
    return new DriverOwners(owners);
  }

  /** The node's owner, if any. */
  public Optional<String> of(String node) {
    return Optional.ofNullable(byNode.get(node));
  }

  /**
   * The selector a driver picks its nodes with: its {@code nodeSelector}, or every GPU node when it
   * has none, as NVIDIA's.
   */
  public static Map<String, String> selector(NvidiaDriver driver) {
    Map<String, String> selector = spec(driver).selector();
    return selector.isEmpty() ? Map.of(GPU_PRESENT, "true") : selector;
  }

  private static boolean matches(NvidiaDriver driver, Map<String, String> labels) {
    return selector(driver).entrySet().stream()
        .allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
  }

  private static void validate(NvidiaDriver driver) {
    NvidiaDriverSpec spec = spec(driver);
    if (spec.defaultDriver() && !spec.selector().isEmpty()) {
      throw new InvalidNvidiaDriverException(
          "NVIDIADriver "
              + name(driver)
              + ": spec.nodeSelector: a default NVIDIADriver cannot"
              + " use nodeSelector (it owns the GPU nodes no other NVIDIADriver selects)",
          false);
    }
    if (spec.selector().containsKey(NvidiaDriver.OWNER_LABEL)) {
      throw new InvalidNvidiaDriverException(
          "NVIDIADriver "
              + name(driver)
              + ": spec.nodeSelector cannot use the reserved label "
              + NvidiaDriver.OWNER_LABEL
              + ", which the operator sets",
          false);
    }
  }

  private static NvidiaDriverSpec spec(NvidiaDriver driver) {
    return Optional.ofNullable(driver.getSpec())
        .orElseThrow(() ->
            new InvalidNvidiaDriverException(
                "NVIDIADriver " + name(driver) + ": spec is missing", false));
  }

  private static String name(NvidiaDriver driver) {
    return driver.getMetadata().getName();
  }

  private static Map<String, String> labels(Node node) {
    return Optional.ofNullable(node.getMetadata().getLabels()).orElse(Map.of());
  }
}
