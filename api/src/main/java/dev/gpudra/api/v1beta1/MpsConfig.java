package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * MPS control-daemon settings.
 *
 * @param defaultActiveThreadPercentage 0..100, or null for the daemon's default
 * @param defaultPinnedDeviceMemoryLimit limit for every device of the group, or null
 * @param defaultPerDevicePinnedMemoryLimit per device (UUID or index into the group's sorted UUIDs)
 *     limits that override the default; never null
 * @param multiUser start the control daemon in multi-user mode ({@code -M}), so that processes of
 *     different UIDs share it; null for single-user. Needs compute capability 7.0 (Volta) or newer
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record MpsConfig(
    Integer defaultActiveThreadPercentage,
    Quantity defaultPinnedDeviceMemoryLimit,
    Map<String, Quantity> defaultPerDevicePinnedMemoryLimit,
    Boolean multiUser) {

  private static final Pattern DEVICE_KEY = Pattern.compile("(GPU|MIG)-[0-9A-Za-z-]+|[0-9]+");

  /**
   * @throws InvalidConfigException for a limit that is no quantity (checked here, before any {@code
   *     equals} or {@code hashCode} parses it), naming the field
   */
  public MpsConfig {
    if (defaultPinnedDeviceMemoryLimit != null) {
      MemoryLimit.checkSyntax("defaultPinnedDeviceMemoryLimit", defaultPinnedDeviceMemoryLimit);
    }
    Map<String, Quantity> limits = new LinkedHashMap<>();
    if (defaultPerDevicePinnedMemoryLimit != null) {
      defaultPerDevicePinnedMemoryLimit.forEach((device, limit) -> {
        String path = "defaultPerDevicePinnedMemoryLimit[" + device + "]";
        if (limit == null) {
          throw new InvalidConfigException(path, "invalid limit: null");
        }
        MemoryLimit.checkSyntax(path, limit);
        limits.put(device, limit);
      });
    }
    defaultPerDevicePinnedMemoryLimit = Collections.unmodifiableMap(limits);
  }

  /** Single-user (the daemon's default) with these settings. */
  public MpsConfig(
      Integer defaultActiveThreadPercentage,
      Quantity defaultPinnedDeviceMemoryLimit,
      Map<String, Quantity> defaultPerDevicePinnedMemoryLimit) {
    this(
        defaultActiveThreadPercentage,
        defaultPinnedDeviceMemoryLimit,
        defaultPerDevicePinnedMemoryLimit,
        null);
  }

  /** Whether the daemon runs in multi-user mode. */
  public boolean multiUserMode() {
    return Boolean.TRUE.equals(multiUser);
  }

  /** An MPS config with nothing set: the daemon's defaults. */
  public static MpsConfig empty() {
    return new MpsConfig(null, null, Map.of());
  }

  /**
   * The pinned device memory limit of each device of a claim's group, in whole MiB: the default for
   * every device, overridden per device by UUID or by index into {@code uuids}.
   *
   * @param uuids the group's device UUIDs, sorted
   * @param field this object's path, for error messages
   * @throws InvalidConfigException naming a key that is no device of the group
   */
  public Map<String, Long> pinnedLimitsMiB(java.util.List<String> uuids, String field) {
    Map<String, Long> limits = new java.util.TreeMap<>();
    if (defaultPinnedDeviceMemoryLimit != null) {
      long mib =
          MemoryLimit.mebibytes(
              field + ".defaultPinnedDeviceMemoryLimit", defaultPinnedDeviceMemoryLimit);
      uuids.forEach(uuid -> limits.put(uuid, mib));
    }
    defaultPerDevicePinnedMemoryLimit.forEach((device, limit) -> {
      String path = field + ".defaultPerDevicePinnedMemoryLimit[" + device + "]";
      limits.put(deviceOf(device, uuids, path), MemoryLimit.mebibytes(path, limit));
    });
    return limits;
  }

  private static String deviceOf(String key, java.util.List<String> uuids, String path) {
    if (uuids.contains(key)) {
      return key;
    }
    if (key.chars().allMatch(Character::isDigit) && key.length() < 10) {
      int index = Integer.parseInt(key);
      if (index < uuids.size()) {
        return uuids.get(index);
      }
    }
    throw new InvalidConfigException(
        path,
        "invalid device: \""
            + key
            + "\" is neither the UUID of a device of this group nor an index below "
            + uuids.size()
            + " into its sorted UUIDs "
            + uuids);
  }

  /** Checks ranges; {@code field} is this object's path for error messages. */
  void validate(String field) {
    if (defaultActiveThreadPercentage != null
        && (defaultActiveThreadPercentage < 0 || defaultActiveThreadPercentage > 100)) {
      throw new InvalidConfigException(
          field + ".defaultActiveThreadPercentage",
          "must be between 0 and 100, got " + defaultActiveThreadPercentage);
    }
    if (defaultPinnedDeviceMemoryLimit != null) {
      MemoryLimit.check(field + ".defaultPinnedDeviceMemoryLimit", defaultPinnedDeviceMemoryLimit);
    }
    defaultPerDevicePinnedMemoryLimit.forEach((device, limit) -> {
      String path = field + ".defaultPerDevicePinnedMemoryLimit[" + device + "]";
      if (!DEVICE_KEY.matcher(device).matches()) {
        throw new InvalidConfigException(
            path, "invalid device: want a GPU/MIG UUID or a device index");
      }
      MemoryLimit.check(path, limit);
    });
  }
}
