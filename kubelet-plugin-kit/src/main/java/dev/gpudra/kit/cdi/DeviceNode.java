package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import java.util.Set;

/**
 * A device node to create in the container.
 *
 * @param path container path, absolute
 * @param hostPath host path when it differs (needs CDI 0.5.0), or null
 * @param type {@code b}, {@code c}, {@code u}, {@code p}, or null to take it from the host
 * @param major device major, or null
 * @param minor device minor, or null
 * @param permissions subset of {@code rwm}, or null for all
 * @param fileMode the node's mode bits (Go's {@code os.FileMode}), or null; NVIDIA's specs set it
 * @param uid the node's owner, or null
 * @param gid the node's group, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "path",
  "hostPath",
  "type",
  "major",
  "minor",
  "fileMode",
  "permissions",
  "uid",
  "gid"
})
public record DeviceNode(
    String path,
    String hostPath,
    String type,
    Long major,
    Long minor,
    String permissions,
    Long fileMode,
    Long uid,
    Long gid) {
  private static final Set<String> TYPES = Set.of("", "b", "c", "u", "p");

  public DeviceNode {
    Objects.requireNonNull(path, "path");
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("device node path must be absolute: " + path);
    }
    if (type != null && !TYPES.contains(type)) {
      throw new IllegalArgumentException("device node type must be b, c, u or p: " + type);
    }
    if (permissions != null && !permissions.matches("r?w?m?")) {
      throw new IllegalArgumentException("device node permissions must be a subset of rwm");
    }
  }

  /** A node known only by its path; the runtime reads the rest from the host. */
  public static DeviceNode of(String path) {
    return new DeviceNode(path, null, null, null, null, null, null, null, null);
  }

  /** A character device with explicit numbers. */
  public static DeviceNode charDevice(String path, long major, long minor) {
    return new DeviceNode(path, null, "c", major, minor, null, null, null, null);
  }
}
