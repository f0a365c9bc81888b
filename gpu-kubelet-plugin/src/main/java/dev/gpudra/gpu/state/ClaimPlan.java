package dev.gpudra.gpu.state;

import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import java.util.List;
import java.util.Objects;

/**
 * One claim being prepared, as the features see it.
 *
 * @param name the claim as {@code namespace/name}, for messages
 * @param uid the claim's UID
 * @param allocated its results on this node, in allocation order
 * @param groups its devices by winning config, validated
 */
public record ClaimPlan(
    String name, String uid, List<AllocatedDevice> allocated, List<ConfigGroup> groups) {
  public ClaimPlan {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uid, "uid");
    allocated = List.copyOf(allocated);
    groups = List.copyOf(groups);
  }
}
