package dev.gpudra.gpu.state;

import dev.gpudra.api.v1beta1.InvalidConfigException;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.checkpoint.CheckpointException;
import dev.gpudra.kit.checkpoint.CheckpointLockTimeoutException;
import dev.gpudra.kit.resourcehealth.HealthFeed;
import dev.gpudra.nvml.NvmlException;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code gpu.nvidia.com} driver behind the kit's seam: each claim goes through {@link
 * DeviceState} on its own, and a failure becomes that claim's error string (mapped here and only
 * here), never another claim's.
 */
public final class GpuDraDriver implements DraDriver {
  private static final Logger log = LoggerFactory.getLogger(GpuDraDriver.class);

  private final DeviceState state;
  private final Optional<HealthFeed> health;

  public GpuDraDriver(DeviceState state) {
    this(state, Optional.empty());
  }

  /**
   * @param health the devices' health for the kubelet (NVMLDeviceHealthCheck), or empty
   */
  public GpuDraDriver(DeviceState state, Optional<HealthFeed> health) {
    this.state = Objects.requireNonNull(state, "state");
    this.health = Objects.requireNonNull(health, "health");
  }

  @Override
  public Optional<HealthFeed> healthFeed() {
    return health;
  }

  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    for (ResourceClaim claim : claims) {
      ClaimRef ref = ClaimRef.of(claim);
      try {
        PrepareResult result = PrepareResult.of(state.prepare(claim));
        log.debug("prepared claim {}: {}", ref, result.devices());
        results.put(ref.uid(), result);
      } catch (RuntimeException e) {
        results.put(ref.uid(), PrepareResult.failed(failure("prepare", ref, e)));
      }
    }
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    for (ClaimRef claim : claims) {
      try {
        state.unprepare(claim);
        log.debug("unprepared claim {}", claim);
        results.put(claim.uid(), UnprepareResult.ok());
      } catch (RuntimeException e) {
        results.put(claim.uid(), UnprepareResult.failed(failure("unprepare", claim, e)));
      }
    }
    return results;
  }

  /** Not ready while the checkpoint cannot be read: every claim would be refused. */
  @Override
  public boolean ready() {
    return state.checkpointReadable();
  }

  @Override
  public void handleError(Throwable error, String context) {
    log.error("background error in {}", context, error);
  }

  /**
   * The one place where exceptions become per-claim error strings. The kit logs each claim's
   * outcome once; only unexpected failures are logged here, with their stack trace.
   */
  private static String failure(String operation, ClaimRef claim, RuntimeException e) {
    String kind =
        switch (e) {
          case InvalidConfigException ignored -> "invalid device config";
          case InvalidClaimException ignored -> "invalid claim";
          case UnknownDeviceException ignored -> "unknown device";
          case DeviceBusyException ignored -> "device busy";
          case SharingConflictException ignored -> "sharing conflict";
          case NvmlException ignored -> "GPU error";
          case CheckpointLockTimeoutException ignored -> "checkpoint lock timeout";
          case CheckpointException ignored -> "checkpoint error";
          case CdiException ignored -> "CDI error";
          default -> "internal error";
        };
    String message = operation + " failed: " + kind + ": " + e.getMessage();
    if ("internal error".equals(kind)) {
      log.error("{} of claim {} failed", operation, claim, e);
    } else if (e instanceof NvmlException) {
      log.warn("{} of claim {}: the GPU refused: {}", operation, claim, e.getMessage());
    }
    return message;
  }
}
