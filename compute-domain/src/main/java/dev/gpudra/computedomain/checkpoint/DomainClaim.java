package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.kit.checkpoint.ClaimState;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
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
 * @param devices the prepared devices (none while started or aborted)
 * @param statusDigest the {@link StatusDigest} of the claim's status when preparation began: a
 *     retry of an aborted prepare with the same status is refused; empty when unknown
 * @param abortedAt when an aborted claim was undone (RFC 3339); empty otherwise
 */
public record DomainClaim(
    ClaimState state,
    String namespace,
    String name,
    DomainTarget target,
    String domainId,
    List<DomainDevice> devices,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String statusDigest,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String abortedAt) {
  public DomainClaim {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(target, "target");
    namespace = namespace == null ? "" : namespace;
    name = name == null ? "" : name;
    domainId = domainId == null ? "" : domainId;
    devices = devices == null ? List.of() : List.copyOf(devices);
    statusDigest = statusDigest == null ? "" : statusDigest;
    abortedAt = abortedAt == null ? "" : abortedAt;
  }

  /** A claim whose preparation has begun: what a roll-back must undo is the target and domain. */
  public static DomainClaim started(
      String namespace, String name, DomainTarget target, String domainId) {
    return started(namespace, name, target, domainId, "");
  }

  /** The same, remembering the {@link StatusDigest} of the claim's status it began with. */
  public static DomainClaim started(
      String namespace, String name, DomainTarget target, String domainId, String statusDigest) {
    return new DomainClaim(
        ClaimState.PREPARE_STARTED, namespace, name, target, domainId, List.of(), statusDigest, "");
  }

  public DomainClaim completed(List<DomainDevice> prepared) {
    return new DomainClaim(
        ClaimState.PREPARE_COMPLETED,
        namespace,
        name,
        target,
        domainId,
        prepared,
        statusDigest,
        "");
  }

  /** The same claim, undone at {@code at} before its preparation completed. */
  public DomainClaim aborted(Instant at) {
    return new DomainClaim(
        ClaimState.PREPARE_ABORTED,
        namespace,
        name,
        target,
        domainId,
        List.of(),
        statusDigest,
        at.toString());
  }

  @JsonIgnore
  public boolean isCompleted() {
    return state == ClaimState.PREPARE_COMPLETED;
  }

  @JsonIgnore
  public boolean isAborted() {
    return state == ClaimState.PREPARE_ABORTED;
  }

  /**
   * Whether this aborted claim's entry may go: undone at least {@code ttl} before {@code now}, or
   * at an unknown time.
   */
  public boolean abortExpired(Instant now, Duration ttl) {
    if (!isAborted()) {
      return false;
    }
    if (abortedAt.isEmpty()) {
      return true;
    }
    try {
      return !Instant.parse(abortedAt).plus(ttl).isAfter(now);
    } catch (DateTimeParseException e) {
      return true;
    }
  }
}
