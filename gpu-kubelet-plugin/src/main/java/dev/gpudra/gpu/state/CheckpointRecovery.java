package dev.gpudra.gpu.state;

import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.checkpoint.ClaimState;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start, before any claim is served: a damaged checkpoint is rebuilt from what is provable, the
 * claims' CDI specs in the CDI root (every device a spec names is prepared for that claim), and the
 * damaged file is kept aside. A checkpoint a newer gpu-dra wrote is left alone: the store keeps
 * refusing (fails closed) until an admin acts.
 */
public final class CheckpointRecovery {
  private static final Logger log = LoggerFactory.getLogger(CheckpointRecovery.class);

  /** What {@link #run} found. */
  public sealed interface Outcome {
    /** The checkpoint was readable (or absent). */
    record Readable() implements Outcome {}

    /**
     * It was damaged and is rebuilt from {@code claims} CDI specs; the old file is {@code aside}.
     */
    record Rebuilt(int claims, Path aside, String reason) implements Outcome {}

    /** A newer version wrote it: every prepare and unprepare fails until it is dealt with. */
    record Refusing(String reason) implements Outcome {}
  }

  private final CheckpointStore checkpoints;
  private final ClaimCdiSpecs specs;
  private final DeviceLookup devices;
  private final String pool;

  /**
   * @param pool this node's pool name, for the recovered devices
   */
  public CheckpointRecovery(
      CheckpointStore checkpoints, ClaimCdiSpecs specs, DeviceLookup devices, String pool) {
    this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
    this.specs = Objects.requireNonNull(specs, "specs");
    this.devices = Objects.requireNonNull(devices, "devices");
    this.pool = Objects.requireNonNull(pool, "pool");
  }

  public Outcome run() {
    try {
      checkpoints.read();
      return new Outcome.Readable();
    } catch (CheckpointUnreadableException e) {
      if (e.newerVersion()) {
        log.error("{}", e.getMessage());
        return new Outcome.Refusing(e.getMessage());
      }
      CheckpointV1 rebuilt = fromSpecs();
      Path aside = checkpoints.replaceUnreadable(rebuilt);
      log.error(
          "checkpoint unreadable ({}): rebuilt {} prepared claims from their CDI specs; the"
              + " unreadable file is kept as {}",
          e.getCause().getMessage(),
          rebuilt.claims().size(),
          aside);
      return new Outcome.Rebuilt(rebuilt.claims().size(), aside, e.getCause().getMessage());
    }
  }

  /** Every claim with a spec, prepared with the devices its spec names. */
  CheckpointV1 fromSpecs() {
    Map<String, PreparedClaim> claims = new TreeMap<>();
    specs
        .claimDevices()
        .forEach((uid, names) -> {
          List<CheckpointDevice> recovered =
              names.stream()
                  .map(n -> DeviceRecords.recovered(uid, n, devices.find(n).orElse(null), pool))
                  .toList();
          claims.put(uid, new PreparedClaim(ClaimState.PREPARE_COMPLETED, "", "", recovered));
        });
    return new CheckpointV1("", claims);
  }
}
