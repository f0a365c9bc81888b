package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.gpudra.kit.checkpoint.ClaimState;
import java.util.List;
import java.util.Objects;

/**
 * One claim of the compute-domain plugin's checkpoint.
 *
 * @param state how far preparation got
 * @param namespace the claim's namespace
 * @param name the claim's name
 * @param target {@link DomainTarget#CHANNEL} (a workload's IMEX channel) or {@link
 *     DomainTarget#DAEMON} (the domain's IMEX daemon)
 * @param domainId the ComputeDomain's UID: a channel's unprepare removes the node label naming it
 * @param devices the prepared devices (none while started)
 */
public record DomainClaim(
    ClaimState state,
    String namespace,
    String name,
    DomainTarget target,
    String domainId,
    List<DomainDevice> devices) {
  public DomainClaim {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(target, "target");
    namespace = namespace == null ? "" : namespace;
    name = name == null ? "" : name;
    domainId = domainId == null ? "" : domainId;
    devices = devices == null ? List.of() : List.copyOf(devices);
  }

  /** A claim whose preparation has begun: what a roll-back must undo is the target and domain. */
  public static DomainClaim started(
      String namespace, String name, DomainTarget target, String domainId) {
    return new DomainClaim(
        ClaimState.PREPARE_STARTED, namespace, name, target, domainId, List.of());
  }

  public DomainClaim completed(List<DomainDevice> prepared) {
    return new DomainClaim(
        ClaimState.PREPARE_COMPLETED, namespace, name, target, domainId, prepared);
  }

  @JsonIgnore
  public boolean isCompleted() {
    return state == ClaimState.PREPARE_COMPLETED;
  }
}
