package dev.gpudra.kit.claimstatus;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.ForwardingDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A driver whose prepared devices show in their claims' {@code status.devices} (KEP-4817): after a
 * prepare, each device's data and a {@code Ready} condition; when the driver's health feed changes
 * a held device's health, the condition follows; after an unprepare, the entries go. Writes happen
 * off the kubelet's call ({@link ClaimStatusWriter}); the kubelet's answers are the driver's.
 */
public final class DeviceStatusDriver extends ForwardingDriver implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DeviceStatusDriver.class);

  private final ClaimStatusWriter writer;
  private final DeviceStatusSource source;
  private final Map<String, Held> held = new ConcurrentHashMap<>();
  private volatile Optional<Map<String, DeviceHealth>> health = Optional.empty();
  private volatile Optional<AutoCloseable> subscription = Optional.empty();

  /** A claim prepared here, with what its devices show. */
  private record Held(ClaimRef claim, List<DeviceStatus> devices) {}

  private DeviceStatusDriver(
      DraDriver driver, ClaimStatusWriter writer, DeviceStatusSource source) {
    super(driver);
    this.writer = Objects.requireNonNull(writer, "writer");
    this.source = Objects.requireNonNull(source, "source");
  }

  /**
   * Wraps the driver, follows its health feed where it has one, and writes the entries of the
   * claims the node already holds (a restarted plugin's), health included.
   */
  public static DeviceStatusDriver start(
      DraDriver driver,
      ClaimStatusWriter writer,
      DeviceStatusSource source,
      List<HeldClaim> holding) {
    DeviceStatusDriver wrapped = new DeviceStatusDriver(driver, writer, source);
    wrapped.subscription = driver.healthFeed().map(f -> f.subscribe(wrapped::healthChanged));
    holding.forEach(wrapped::reported);
    return wrapped;
  }

  /** Holds the claim's devices and writes their entries. */
  private void reported(HeldClaim claim) {
    List<DeviceStatus> devices = statuses(claim.claim(), claim.devices());
    held.put(claim.claim().uid(), new Held(claim.claim(), devices));
    writer.write(claim.claim(), devices);
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    Map<String, PrepareResult> results = driver().prepare(claims);
    for (ResourceClaim claim : claims) {
      PrepareResult result = results.get(claim.getMetadata().getUid());
      if (result != null && !result.failed()) {
        reported(new HeldClaim(ClaimRef.of(claim), result.devices()));
      }
    }
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = driver().unprepare(claims);
    for (ClaimRef claim : claims) {
      UnprepareResult result = results.get(claim.uid());
      if (result != null && !result.failed()) {
        held.remove(claim.uid());
        writer.write(claim, List.of());
      }
    }
    return results;
  }

  /** One entry per allocated device (a device of several requests once). */
  private List<DeviceStatus> statuses(ClaimRef claim, List<PreparedDevice> devices) {
    Map<String, DeviceStatus> byKey = new LinkedHashMap<>();
    for (PreparedDevice device : devices) {
      String key = device.poolName() + "/" + device.deviceName() + "/" + device.shareId();
      byKey.computeIfAbsent(key, k -> status(claim, device));
    }
    return List.copyOf(byKey.values());
  }

  private DeviceStatus status(ClaimRef claim, PreparedDevice device) {
    Map<String, Object> data;
    String message = "";
    try {
      data = source.data(claim.uid(), device);
    } catch (RuntimeException e) {
      log.warn("claim {}: no status data for device {}", claim, device.deviceName(), e);
      data = Map.of();
      message = "no data: " + e.getMessage();
    }
    DeviceStatus status =
        new DeviceStatus(
            device.poolName(),
            device.deviceName(),
            device.shareId(),
            DeviceHealth.Status.HEALTHY,
            message,
            data);
    return withHealth(status, health);
  }

  /** The condition as the feed last had the device; without a feed, a prepared device is ready. */
  private static DeviceStatus withHealth(
      DeviceStatus status, Optional<Map<String, DeviceHealth>> health) {
    if (health.isEmpty()) {
      return status;
    }
    DeviceHealth device = health.get().get(status.device());
    return device == null
        ? status.withHealth(DeviceHealth.Status.UNKNOWN, "no health reported for the device")
        : status.withHealth(device.status(), device.message());
  }

  private void healthChanged(List<DeviceHealth> devices) {
    Optional<Map<String, DeviceHealth>> now =
        Optional.of(
            devices.stream()
                .collect(
                    Collectors.toUnmodifiableMap(
                        DeviceHealth::device, Function.identity(), (a, b) -> b)));
    health = now;
    for (Held before : held.values()) {
      List<DeviceStatus> after = before.devices().stream().map(d -> withHealth(d, now)).toList();
      if (!after.equals(before.devices())
          && held.replace(before.claim().uid(), before, new Held(before.claim(), after))) {
        writer.write(before.claim(), after);
      }
    }
  }

  /** Stops following the health feed and writing. */
  @Override
  public void close() {
    subscription.ifPresent(this::closeQuietly);
    writer.close();
  }

  private void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      log.warn("cannot stop following the health feed", e);
    }
  }
}
