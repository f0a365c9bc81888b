package dev.gpudra.kit.cdi;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A CDI spec file's content.
 *
 * @param cdiVersion the spec version; use {@link #of} to get the minimum the fields need
 * @param kind {@code vendor/class}
 * @param containerEdits edits applied whenever any device of the spec is used
 * @param devices at least one, names unique
 */
@JsonPropertyOrder({"cdiVersion", "kind", "devices", "containerEdits"})
public record CdiSpec(
    String cdiVersion, String kind, ContainerEdits containerEdits, List<CdiDevice> devices) {
  private static final Pattern KIND =
      Pattern.compile("[a-z0-9]([a-z0-9.-]*[a-z0-9])?/[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9])?");

  public CdiSpec {
    Objects.requireNonNull(cdiVersion, "cdiVersion");
    Objects.requireNonNull(kind, "kind");
    if (!KIND.matcher(kind).matches()) {
      throw new IllegalArgumentException("CDI kind must be vendor/class: " + kind);
    }
    containerEdits = containerEdits == null ? ContainerEdits.none() : containerEdits;
    devices = List.copyOf(devices);
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("a CDI spec has at least one device");
    }
    if (new HashSet<>(devices.stream().map(CdiDevice::name).toList()).size() != devices.size()) {
      throw new IllegalArgumentException("CDI device names in a spec must be unique");
    }
    if (CdiVersions.compare(cdiVersion, CdiVersions.minimum(kind, containerEdits, devices)) < 0) {
      throw new IllegalArgumentException(
          "cdiVersion " + cdiVersion + " is too old for the fields this spec uses");
    }
  }

  /** A spec with the lowest {@code cdiVersion} its content requires. */
  public static CdiSpec of(String kind, ContainerEdits containerEdits, List<CdiDevice> devices) {
    ContainerEdits edits = containerEdits == null ? ContainerEdits.none() : containerEdits;
    return new CdiSpec(CdiVersions.minimum(kind, edits, devices), kind, edits, devices);
  }
}
