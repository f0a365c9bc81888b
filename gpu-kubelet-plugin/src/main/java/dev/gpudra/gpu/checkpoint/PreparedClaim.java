package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Objects;

/**
 * One claim in the checkpoint.
 *
 * @param state how far preparation got
 * @param namespace the claim's namespace (for stale-entry cleanup)
 * @param name the claim's name
 * @param devices the prepared devices; empty while {@link ClaimState#PREPARE_STARTED}
 */
public record PreparedClaim(
    ClaimState state, String namespace, String name, List<CheckpointDevice> devices) {
  public PreparedClaim {
    Objects.requireNonNull(state, "state");
    namespace = namespace == null ? "" : namespace;
    name = name == null ? "" : name;
    devices = devices == null ? List.of() : List.copyOf(devices);
  }

  /** A claim whose preparation has just begun. */
  public static PreparedClaim started(String namespace, String name) {
    return new PreparedClaim(ClaimState.PREPARE_STARTED, namespace, name, List.of());
  }

  /** The same claim, completed with its devices. */
  public PreparedClaim completed(List<CheckpointDevice> prepared) {
    return new PreparedClaim(ClaimState.PREPARE_COMPLETED, namespace, name, prepared);
  }

  @JsonIgnore
  public boolean isCompleted() {
    return state == ClaimState.PREPARE_COMPLETED;
  }
}
