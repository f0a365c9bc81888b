package dev.gpudra.allocator.device;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.util.Objects;

/** One scalar device attribute value, as a ResourceSlice {@code DeviceAttribute} holds it. */
public sealed interface AttributeValue {

  /** {@code int}: a CEL int. */
  record IntValue(long value) implements AttributeValue {}

  /** {@code bool}: a CEL bool. */
  record BoolValue(boolean value) implements AttributeValue {}

  /** {@code string}: a CEL string. */
  record StringValue(String value) implements AttributeValue {
    public StringValue {
      Objects.requireNonNull(value, "value");
    }
  }

  /** {@code version}: a strict semver 2.0.0 string; a CEL {@code kubernetes.Semver}. */
  record VersionValue(String value) implements AttributeValue {
    public VersionValue {
      Objects.requireNonNull(value, "value");
    }
  }

  /**
   * Converts a fabric8 attribute that has exactly one scalar field set.
   *
   * @throws IllegalArgumentException when no scalar or more than one is set (list-typed attributes
   *     of the 1.36 alpha are not supported)
   */
  static AttributeValue of(DeviceAttribute attribute) {
    int set =
        (attribute.getInt() != null ? 1 : 0)
            + (attribute.getBool() != null ? 1 : 0)
            + (attribute.getString() != null ? 1 : 0)
            + (attribute.getVersion() != null ? 1 : 0);
    if (set != 1) {
      throw new IllegalArgumentException(
          "an attribute must have exactly one of int, bool, string, version; found " + set);
    }
    if (attribute.getInt() != null) {
      return new IntValue(attribute.getInt());
    }
    if (attribute.getBool() != null) {
      return new BoolValue(attribute.getBool());
    }
    return attribute.getString() != null
        ? new StringValue(attribute.getString())
        : new VersionValue(attribute.getVersion());
  }
}
