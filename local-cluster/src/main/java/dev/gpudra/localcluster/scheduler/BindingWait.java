package dev.gpudra.localcluster.scheduler;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * kube-scheduler's wait in PreBind for binding conditions (KEP-5007, 1.37): a claim whose allocated
 * devices have binding conditions is ready once its {@code status.devices} entry for each (by
 * driver, pool and device) has every binding condition {@code True}; it has failed once any binding
 * failure condition is {@code True}, or {@link #TIMEOUT} after its {@code allocationTimestamp}.
 * Pure.
 */
final class BindingWait {
  /** kube-scheduler's default {@code bindingTimeout}. */
  static final Duration TIMEOUT = Duration.ofSeconds(600);

  /** Where a claim stands. */
  enum State {
    READY,
    WAITING,
    FAILED
  }

  /**
   * @param state where it stands
   * @param message for a failure, kube-scheduler's words
   */
  record Check(State state, String message) {
    Check {
      Objects.requireNonNull(state, "state");
      Objects.requireNonNull(message, "message");
    }
  }

  private BindingWait() {}

  /** Whether a result of the claim's allocation has binding conditions. */
  static boolean needed(ResourceClaim claim) {
    return results(claim).stream().anyMatch(BindingWait::conditioned);
  }

  /** Whether a result of the allocation has binding conditions. */
  static boolean needed(AllocationResult allocation) {
    return allocation.getDevices() != null
        && allocation.getDevices().getResults() != null
        && allocation.getDevices().getResults().stream().anyMatch(BindingWait::conditioned);
  }

  static Check check(ResourceClaim claim, Instant now) {
    String name = claim.getMetadata().getName();
    boolean ready = true;
    for (DeviceRequestAllocationResult result : results(claim)) {
      if (!conditioned(result)) {
        continue;
      }
      List<Condition> conditions =
          status(claim, result)
              .map(AllocatedDeviceStatus::getConditions)
              .filter(Objects::nonNull)
              .orElse(List.of());
      Optional<Condition> failed =
          conditions.stream()
              .filter(c -> orEmpty(result.getBindingFailureConditions()).contains(c.getType()))
              .filter(c -> "True".equals(c.getStatus()))
              .findFirst();
      if (failed.isPresent()) {
        return new Check(
            State.FAILED,
            "device binding failed: claim="
                + name
                + ", reason="
                + failed.get().getReason()
                + ", message=\""
                + failed.get().getMessage()
                + "\"");
      }
      ready &=
          result.getBindingConditions().stream()
              .allMatch(type ->
                  conditions.stream()
                      .anyMatch(c -> type.equals(c.getType()) && "True".equals(c.getStatus())));
    }
    if (ready) {
      return new Check(State.READY, "");
    }
    if (timedOut(claim, now)) {
      return new Check(State.FAILED, "device binding timeout: claim=" + name);
    }
    return new Check(State.WAITING, "");
  }

  private static boolean timedOut(ResourceClaim claim, Instant now) {
    String since = claim.getStatus().getAllocation().getAllocationTimestamp();
    return since != null && !Instant.parse(since).plus(TIMEOUT).isAfter(now);
  }

  private static Optional<AllocatedDeviceStatus> status(
      ResourceClaim claim, DeviceRequestAllocationResult result) {
    List<AllocatedDeviceStatus> devices = claim.getStatus().getDevices();
    return devices == null
        ? Optional.empty()
        : devices.stream()
            .filter(d ->
                result.getDriver().equals(d.getDriver())
                    && result.getPool().equals(d.getPool())
                    && result.getDevice().equals(d.getDevice()))
            .findFirst();
  }

  private static boolean conditioned(DeviceRequestAllocationResult result) {
    return !orEmpty(result.getBindingConditions()).isEmpty();
  }

  private static List<String> orEmpty(List<String> values) {
    return values == null ? List.of() : values;
  }

  private static List<DeviceRequestAllocationResult> results(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null
        || claim.getStatus().getAllocation().getDevices().getResults() == null) {
      return List.of();
    }
    return claim.getStatus().getAllocation().getDevices().getResults();
  }
}
