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
