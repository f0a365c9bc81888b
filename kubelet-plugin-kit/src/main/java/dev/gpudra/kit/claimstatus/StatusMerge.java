package dev.gpudra.kit.claimstatus;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatusBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The claim's {@code status.devices} with this driver's entries replaced: other drivers' entries
 * are kept as they are; ours exist only for devices the allocation gives this driver (the API
 * server refuses others); a {@code Ready} condition keeps its transition time while its status does
 * not change; {@code data} over the API server's limit is left out and the condition says so.
 */
public final class StatusMerge {
  /** {@code AllocatedDeviceStatusMaxDataLength}: the most bytes of {@code data}. */
  public static final int MAX_DATA_BYTES = 10_240;

  /** The condition type the KEP expects a driver to set. */
  public static final String READY = "Ready";

  private final String driver;
  private final ObjectMapper json;

  public StatusMerge(String driver, ObjectMapper json) {
    this.driver = Objects.requireNonNull(driver, "driver");
    this.json = Objects.requireNonNull(json, "json");
  }

  /**
   * @param ours this driver's devices of the claim (none: remove our entries)
   * @param now the transition time of a condition that changes
   * @return the claim's new {@code status.devices}
   */
  public List<AllocatedDeviceStatus> merged(
      ResourceClaim claim, List<DeviceStatus> ours, Instant now) {
    List<AllocatedDeviceStatus> current = current(claim);
    List<AllocatedDeviceStatus> out = new ArrayList<>();
    current.stream().filter(e -> !driver.equals(e.getDriver())).forEach(out::add);
    List<DeviceRequestAllocationResult> allocated = allocated(claim);
    for (DeviceStatus status : ours) {
      if (allocated.stream().anyMatch(r -> matches(r, status))) {
        Optional<AllocatedDeviceStatus> old =
            current.stream().filter(e -> same(e, status)).findFirst();
        out.add(entry(status, old, generation(claim), now));
      }
    }
    return out;
  }

  /** Whether two lists say the same, {@code data} compared as JSON. */
  public boolean same(List<AllocatedDeviceStatus> a, List<AllocatedDeviceStatus> b) {
    return json.valueToTree(a).equals(json.valueToTree(b));
  }

  private AllocatedDeviceStatus entry(
      DeviceStatus status, Optional<AllocatedDeviceStatus> old, Long generation, Instant now) {
    Optional<String> tooLarge = tooLarge(status.data());
    String message =
        tooLarge
            .map(m -> status.message().isEmpty() ? m : status.message() + "; " + m)
            .orElse(status.message());
    Condition ready = ready(status, message, generation);
    Optional<Condition> before =
        old.map(AllocatedDeviceStatus::getConditions).stream()
            .flatMap(List::stream)
            .filter(c -> READY.equals(c.getType()))
            .findFirst();
    ready.setLastTransitionTime(
        before
            .filter(c -> Objects.equals(c.getStatus(), ready.getStatus()))
            .map(Condition::getLastTransitionTime)
            .orElse(DateTimeFormatter.ISO_INSTANT.format(now.truncatedTo(ChronoUnit.SECONDS))));
    return new AllocatedDeviceStatusBuilder()
        .withDriver(driver)
        .withPool(status.pool())
        .withDevice(status.device())
        .withShareID(status.shareId().orElse(null))
        .withConditions(conditions(old, ready))
        .withData(tooLarge.isPresent() || status.data().isEmpty() ? null : status.data())
        .build();
  }

  /**
   * {@code Ready}, after the entry's conditions of other types (another writer's: the ComputeDomain
   * controller's binding conditions), kept as they are.
   */
  private static List<Condition> conditions(Optional<AllocatedDeviceStatus> old, Condition ready) {
    List<Condition> conditions = new ArrayList<>();
    old.map(AllocatedDeviceStatus::getConditions).stream()
        .flatMap(List::stream)
        .filter(c -> !READY.equals(c.getType()))
        .forEach(conditions::add);
    conditions.add(ready);
    return conditions;
  }

  private static Condition ready(DeviceStatus status, String message, Long generation) {
    Readiness readiness = Readiness.of(status.health());
    return new ConditionBuilder()
        .withType(READY)
        .withStatus(readiness.status())
        .withReason(readiness.reason())
        .withMessage(message)
        .withObservedGeneration(generation)
        .build();
  }

  /** The condition's status and reason for a device's health. */
  private record Readiness(String status, String reason) {
    static Readiness of(DeviceHealth.Status health) {
      return switch (health) {
        case HEALTHY -> new Readiness("True", "Prepared");
        case UNHEALTHY -> new Readiness("False", "Unhealthy");
        case UNKNOWN -> new Readiness("Unknown", "HealthUnknown");
      };
    }
  }

  private Optional<String> tooLarge(Map<String, Object> data) {
    try {
      int bytes = json.writeValueAsBytes(data).length;
      return bytes > MAX_DATA_BYTES
          ? Optional.of(
              "data left out: " + bytes + " bytes, the API server takes " + MAX_DATA_BYTES)
          : Optional.empty();
    } catch (JsonProcessingException e) {
      return Optional.of("data left out: not JSON: " + e.getOriginalMessage());
    }
  }

  private boolean matches(DeviceRequestAllocationResult result, DeviceStatus status) {
    return driver.equals(result.getDriver())
        && status.pool().equals(result.getPool())
        && status.device().equals(result.getDevice())
        && Objects.equals(status.shareId().orElse(null), result.getShareID());
  }

  private boolean same(AllocatedDeviceStatus entry, DeviceStatus status) {
    return driver.equals(entry.getDriver())
        && status.pool().equals(entry.getPool())
        && status.device().equals(entry.getDevice())
        && Objects.equals(status.shareId().orElse(null), entry.getShareID());
  }

  private static Long generation(ResourceClaim claim) {
    return claim.getMetadata() == null ? null : claim.getMetadata().getGeneration();
  }

  private static List<AllocatedDeviceStatus> current(ResourceClaim claim) {
    if (claim.getStatus() == null || claim.getStatus().getDevices() == null) {
      return List.of();
    }
    return claim.getStatus().getDevices();
  }

  private static List<DeviceRequestAllocationResult> allocated(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null
        || claim.getStatus().getAllocation().getDevices().getResults() == null) {
      return List.of();
    }
    return claim.getStatus().getAllocation().getDevices().getResults();
  }
}
