package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.mps.MpsPod;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.node.xid.HealthSettings;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings that only feature gates give meaning to; {@link #check} refuses one set for a gate
 * that is off (it would be ignored) and a gate left without what it needs.
 *
 * @param health how NVMLDeviceHealthCheck judges XIDs (ADDITIONAL_XIDS_TO_IGNORE,
 *     HEALTH_FATAL_XIDS, HEALTH_RECOVERY_SECONDS)
 * @param imageName the driver's image, which MPS control daemons run (--image-name, IMAGE_NAME);
 *     required with MPSSupport
 * @param passthroughRoots where PassthroughSupport reads sysfs and the host (--sysfs-root,
 *     SYSFS_ROOT; --host-root, HOST_ROOT)
 * @param consumableShares how GPUs are shared through consumable capacity (--consumable-shares,
 *     CONSUMABLE_SHARES); anything but disabled needs the ConsumableShares gate, which needs it
 * @param mpsPod how MPS control daemons pull the image and which account they run as
 *     (IMAGE_PULL_POLICY, IMAGE_PULL_SECRETS, SERVICE_ACCOUNT_NAME); NVIDIA's chart passes them
 *     whatever the gates, as IMAGE_NAME
 */
public record GateSettings(
    HealthSettings health,
    Optional<String> imageName,
    PassthroughRoots passthroughRoots,
    ConsumableShares consumableShares,
    MpsPod mpsPod) {
  public static final GateSettings DEFAULTS =
      new GateSettings(
          HealthSettings.defaults(),
          Optional.empty(),
          PassthroughRoots.DEFAULTS,
          ConsumableShares.DISABLED,
          MpsPod.DEFAULTS);

  public GateSettings {
    Objects.requireNonNull(health, "health");
    Objects.requireNonNull(imageName, "imageName");
    Objects.requireNonNull(passthroughRoots, "passthroughRoots");
    Objects.requireNonNull(consumableShares, "consumableShares");
    Objects.requireNonNull(mpsPod, "mpsPod");
  }

  public GateSettings withHealth(HealthSettings value) {
    return new GateSettings(value, imageName, passthroughRoots, consumableShares, mpsPod);
  }

  public GateSettings withImageName(String value) {
    return new GateSettings(health, Optional.of(value), passthroughRoots, consumableShares, mpsPod);
  }

  public GateSettings withPassthroughRoots(PassthroughRoots value) {
    return new GateSettings(health, imageName, value, consumableShares, mpsPod);
  }

  public GateSettings withConsumableShares(ConsumableShares value) {
    return new GateSettings(health, imageName, passthroughRoots, value, mpsPod);
  }

  public GateSettings withMpsPod(MpsPod value) {
    return new GateSettings(health, imageName, passthroughRoots, consumableShares, value);
  }

  /**
   * @throws IllegalArgumentException naming the flags and the gate that do not go together
   */
  void check(FeatureGates gates) {
    if (!gates.enabled(FeatureGate.NVML_DEVICE_HEALTH_CHECK)
        && !health.equals(HealthSettings.defaults())) {
      throw new IllegalArgumentException(
          "--additional-xids-to-ignore, --health-fatal-xids and --health-recovery-seconds"
              + " (ADDITIONAL_XIDS_TO_IGNORE, HEALTH_FATAL_XIDS, HEALTH_RECOVERY_SECONDS) judge"
              + " the XIDs of the NVMLDeviceHealthCheck feature gate, which is off: they would be"
              + " ignored; turn the gate on or leave them unset");
    }
    if (gates.enabled(FeatureGate.MPS_SUPPORT) && imageName.isEmpty()) {
      throw new IllegalArgumentException(
          "--image-name (IMAGE_NAME) is required with the MPSSupport feature gate: each MPS"
              + " control daemon runs the driver's image (the chart sets it)");
    }
    if (!gates.enabled(FeatureGate.PASSTHROUGH_SUPPORT)
        && !passthroughRoots.equals(PassthroughRoots.DEFAULTS)) {
      throw new IllegalArgumentException(
          "--sysfs-root and --host-root (SYSFS_ROOT, HOST_ROOT) are where PassthroughSupport"
              + " reads the node, and the gate is off: they would be ignored; turn the gate on or"
              + " leave them unset");
    }
    boolean sharesGate = gates.enabled(FeatureGate.CONSUMABLE_SHARES);
    if (sharesGate != consumableShares.enabled()) {
      throw new IllegalArgumentException(
          sharesGate
              ? "the ConsumableShares feature gate is on, but --consumable-shares"
                  + " (CONSUMABLE_SHARES) is disabled: the gate would do nothing; set memory,"
                  + " unlimited or a number of shares"
              : "--consumable-shares (CONSUMABLE_SHARES) is "
                  + consumableShares.mode()
                  + ", but the ConsumableShares feature gate is off: it would be ignored; turn"
                  + " the gate on");
    }
  }
}
