package dev.gpudra.gpu.mps;

import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import dev.gpudra.api.v1beta1.MigDeviceConfig;
import dev.gpudra.api.v1beta1.MpsConfig;
import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The MPS control daemon one config group of a claim gets.
 *
 * @param id {@code <claimUID>-<first 5 hex digits of sha256(sorted UUIDs joined by ",")>}, as
 *     NVIDIA's
 * @param uuids the group's device UUIDs, sorted (the daemon's {@code CUDA_VISIBLE_DEVICES})
 * @param activeThreadPercentage {@code set_default_active_thread_percentage}, if set
 * @param pinnedLimitsMiB {@code set_default_device_pinned_mem_limit} per UUID, in MiB
 * @param multiUser started in multi-user mode ({@code mpsConfig.multiUser})
 */
public record MpsDaemon(
    String id,
    List<String> uuids,
    Optional<Integer> activeThreadPercentage,
    Map<String, Long> pinnedLimitsMiB,
    boolean multiUser) {
  public static final String NAME_PREFIX = "mps-control-daemon-";

  /** The oldest compute capability (Volta, 7.0) multi-user MPS runs on, as NVIDIA's. */
  static final int MULTI_USER_MIN_MAJOR = 7;

  public MpsDaemon {
    Objects.requireNonNull(id, "id");
    uuids = List.copyOf(uuids);
    Objects.requireNonNull(activeThreadPercentage, "activeThreadPercentage");
    pinnedLimitsMiB = Map.copyOf(pinnedLimitsMiB);
  }

  /** The Deployment's name, also its pods' {@code app} label. */
  public String name() {
    return name(id);
  }

  public static String name(String id) {
    return NAME_PREFIX + id;
  }

  /**
   * The daemon of a group whose config asks for MPS; empty for any other group. Devices allocated
   * with admin access are left out (they watch a GPU, they do not share it).
   *
   * @throws dev.gpudra.api.v1beta1.InvalidConfigException a per-device limit names no device of the
   *     group
   */
  public static Optional<MpsDaemon> plan(String claimUid, ConfigGroup group) {
    Optional<MpsConfig> config = mpsConfig(group);
    List<AllocatedDevice> devices = group.devices().stream().filter(d -> !d.adminAccess()).toList();
    if (config.isEmpty() || devices.isEmpty()) {
      return Optional.empty();
    }
    List<String> uuids = devices.stream().map(d -> d.device().uuid()).distinct().sorted().toList();
    boolean multiUser = config.get().multiUserMode();
    if (multiUser) {
      requireVolta(devices);
    }
    return Optional.of(
        new MpsDaemon(
            claimUid + "-" + hash(uuids),
            uuids,
            Optional.ofNullable(config.get().defaultActiveThreadPercentage()),
            withConsumedMemory(config.get().pinnedLimitsMiB(uuids, "sharing.mpsConfig"), devices),
            multiUser));
  }

  /** Multi-user MPS needs Volta: each GPU (a MIG device's parent) of compute capability 7.0+. */
  private static void requireVolta(List<AllocatedDevice> devices) {
    devices.stream()
        .map(d -> d.device().gpu())
        .filter(gpu -> gpu.computeCapability().major() < MULTI_USER_MIN_MAJOR)
        .findFirst()
        .ifPresent(gpu -> {
          throw new InvalidConfigException(
              "sharing.mpsConfig.multiUser",
              "multi-user mode is not supported: GPU "
                  + gpu.uuid()
                  + " has compute capability "
                  + gpu.computeCapability().major()
                  + "."
                  + gpu.computeCapability().minor()
                  + ", it needs 7.0 (Volta) or newer");
        });
  }

  /**
   * A device whose allocation consumed part of its memory (consumable capacity) gets that as its
   * pinned memory limit, unless the config sets one: the claim uses what the scheduler counted.
   */
  private static Map<String, Long> withConsumedMemory(
      Map<String, Long> configured, List<AllocatedDevice> devices) {
    Map<String, Long> limits = new java.util.TreeMap<>(configured);
    for (AllocatedDevice device : devices) {
      long bytes = device.consumedMemory().orElse(0);
      if (bytes > 0) {
        limits.putIfAbsent(device.device().uuid(), Math.max(1, bytes >> 20));
      }
    }
    return limits;
  }

  private static Optional<MpsConfig> mpsConfig(ConfigGroup group) {
    return switch (group.config()) {
      case GpuConfig gpu
          when gpu.sharing() != null && gpu.sharing().strategy() == SharingStrategy.MPS ->
          Optional.of(gpu.sharing().mpsConfig());
      case MigDeviceConfig mig
          when mig.sharing() != null && mig.sharing().strategy() == SharingStrategy.MPS ->
          Optional.of(mig.sharing().mpsConfig());
      default -> Optional.empty();
    };
  }

  static String hash(List<String> sortedUuids) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(String.join(",", sortedUuids).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, 5);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
