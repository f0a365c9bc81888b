package dev.gpudra.operator.render;

import io.fabric8.kubernetes.api.model.Node;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The GPU nodes' operating systems as NVIDIA's operator names them in its driver image tags ({@code
 * <version>-<os><osversion>}, {@code 595.91.07-ubuntu24.04}): NFD's {@code
 * feature.node.kubernetes.io/system-os_release.ID} and {@code .VERSION_ID}, the major version only
 * for RHEL, Rocky and Oracle Linux ({@code rhel9}).
 */
public final class NodeOs {
  static final String ID = "feature.node.kubernetes.io/system-os_release.ID";
  static final String VERSION_ID = "feature.node.kubernetes.io/system-os_release.VERSION_ID";
  static final String VERSION_ID_MAJOR =
      "feature.node.kubernetes.io/system-os_release.VERSION_ID.major";
  private static final Set<String> MAJOR_ONLY = Set.of("rhel", "rocky", "ol");

  private NodeOs() {}

  /**
   * @param gpuNodes the nodes labelled {@code nvidia.com/gpu.present=true}
   */
  public static SortedSet<String> of(List<Node> gpuNodes) {
    SortedSet<String> systems = new TreeSet<>();
    for (Node node : gpuNodes) {
      tag(Optional.ofNullable(node.getMetadata().getLabels()).orElse(Map.of()))
          .ifPresent(systems::add);
    }
    return systems;
  }

  /** One node's OS tag ({@code ubuntu24.04}), when NFD labelled it. */
  public static Optional<String> of(Node node) {
    return tag(Optional.ofNullable(node.getMetadata().getLabels()).orElse(Map.of()));
  }

  /**
   * The NFD labels that pick the nodes of one OS tag, as NVIDIA's driver DaemonSets select them:
   * the OS and its version, only the major version where the tag has only that ({@code rhel9}).
   * Empty when NFD did not label the node (or not its major version, where needed).
   */
  public static Map<String, String> selector(Node node) {
    Map<String, String> labels =
        Optional.ofNullable(node.getMetadata().getLabels()).orElse(Map.of());
    Optional<String> tag = tag(labels);
    if (tag.isEmpty()) {
      return Map.of();
    }
    String id = labels.get(ID);
    if (!MAJOR_ONLY.contains(id)) {
      return Map.of(ID, id, VERSION_ID, labels.get(VERSION_ID));
    }
    String major = labels.get(VERSION_ID_MAJOR);
    return major == null ? Map.of() : Map.of(ID, id, VERSION_ID_MAJOR, major);
  }

  private static Optional<String> tag(Map<String, String> labels) {
    String id = labels.get(ID);
    String version = labels.get(VERSION_ID);
    if (id == null || id.isBlank() || version == null || version.isBlank()) {
      return Optional.empty();
    }
    String shown = MAJOR_ONLY.contains(id) ? version.split("\\.")[0] : version;
    return Optional.of(id + shown);
  }
}
