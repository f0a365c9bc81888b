package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.gpudra.kit.checkpoint.ClaimState;
import java.util.List;
import java.util.Objects;

/**
 * One claim in the checkpoint.
 *
 * @param state how far preparation got
 * @param namespace the claim's namespace (for stale-entry cleanup)
 * @param name the claim's name
 * @param devices the prepared devices; while {@link ClaimState#PREPARE_STARTED}, the devices the
 *     preparation is about to touch (what a roll-back must undo), or none
 */
public record PreparedClaim(
    ClaimState state, String namespace, String name, List<CheckpointDevice> devices) {
  public PreparedClaim {
    Objects.requireNonNull(state, "state");
    if (state == ClaimState.PREPARE_ABORTED) {
      throw new IllegalArgumentException(
          "state PrepareAborted belongs to the compute-domain plugin's checkpoint");
    }
    namespace = namespace == null ? "" : namespace;
    name = name == null ? "" : name;
    devices = devices == null ? List.of() : List.copyOf(devices);
  }

  /** A claim whose preparation has just begun. */
  public static PreparedClaim started(String namespace, String name) {
    return started(namespace, name, List.of());
  }

  /** A claim whose preparation is about to set up {@code planned}. */
  public static PreparedClaim started(
      String namespace, String name, List<CheckpointDevice> planned) {
    return new PreparedClaim(ClaimState.PREPARE_STARTED, namespace, name, planned);
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
