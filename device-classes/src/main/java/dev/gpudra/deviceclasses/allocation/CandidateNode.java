package dev.gpudra.deviceclasses.allocation;

import java.util.Map;
import java.util.Objects;

/**
 * The node being considered: the two things a ResourceSlice's node selection can look at.
 *
 * @param name {@code metadata.name}, matched by {@code spec.nodeName} and {@code matchFields}
 * @param labels {@code metadata.labels}, matched by {@code matchExpressions}
 */
public record CandidateNode(String name, Map<String, String> labels) {

  public CandidateNode {
    if (Objects.requireNonNull(name, "name").isBlank()) {
      throw new IllegalArgumentException("node name must not be blank");
    }
    labels = Map.copyOf(Objects.requireNonNull(labels, "labels"));
  }
}
