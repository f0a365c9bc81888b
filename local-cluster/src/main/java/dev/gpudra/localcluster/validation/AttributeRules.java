package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Attribute and capacity names (QualifiedName) and attribute values. */
final class AttributeRules {
  static final int VALUE_MAX_BYTES = 64;
  static final String SEMVER_MSG = "must be a string compatible with semver.org spec 2.0.0";

  private static final String NUM = "(0|[1-9]\\d*)";
  private static final String PRE_ID = "(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)";
  private static final Pattern SEMVER =
      Pattern.compile(
          NUM
              + "\\."
              + NUM
              + "\\."
              + NUM
              + "(-"
              + PRE_ID
              + "(\\."
              + PRE_ID
              + ")*)?"
              + "(\\+[0-9a-zA-Z-]+(\\.[0-9a-zA-Z-]+)*)?");

  private AttributeRules() {}

  /**
   * {@code <cid>} or {@code <domain>/<cid>}; the domain follows driver-name rules. A name with more
   * than one slash passes: Kubernetes 1.35 checks only the two forms.
   */
  static List<FieldError> qualifiedName(String name, FieldPath path) {
    if (name == null || name.isEmpty()) {
      return List.of(FieldError.required(path, "name required"));
    }
    String[] parts = name.split("/", -1);
    if (parts.length == 1) {
      return NameRules.cIdentifier(parts[0], path);
    }
    if (parts.length > 2) {
      return List.of();
    }
    List<FieldError> errors = new ArrayList<>();
    if (parts[0].isEmpty()) {
      errors.add(FieldError.invalid(path, "", "the domain must not be empty"));
    } else {
      errors.addAll(NameRules.driverName(parts[0], path));
    }
    if (parts[1].isEmpty()) {
      errors.add(FieldError.invalid(path, "", "the name must not be empty"));
    } else {
      errors.addAll(NameRules.cIdentifier(parts[1], path));
    }
    return errors;
  }

  /** A QualifiedName that must contain a domain (matchAttribute, distinctAttribute). */
  static List<FieldError> fullyQualifiedName(String name, FieldPath path) {
    List<FieldError> errors = new ArrayList<>(qualifiedName(name, path));
    if (name != null && !name.isEmpty() && !name.contains("/")) {
      errors.add(
          FieldError.invalid(
              path,
              name,
              "a fully qualified name must be a domain and a name separated by a slash"));
    }
    return errors;
  }

  /** Exactly one value; string and version at most 64 bytes; version strict semver 2.0.0. */
  static List<FieldError> value(DeviceAttribute attribute, FieldPath path) {
    long set =
        Stream.of(
                attribute.getBool(),
                attribute.getInt(),
                attribute.getString(),
                attribute.getVersion())
            .filter(v -> v != null)
            .count();
    if (set == 0) {
      return List.of(FieldError.invalid(path, "", "exactly one value must be specified"));
    }
    if (set > 1) {
      return List.of(FieldError.invalid(path, set, "exactly one value must be specified"));
    }
    List<FieldError> errors = new ArrayList<>();
    if (attribute.getString() != null && bytes(attribute.getString()) > VALUE_MAX_BYTES) {
      errors.add(FieldError.tooLong(path.child("string"), VALUE_MAX_BYTES));
    }
    String version = attribute.getVersion();
    if (version != null) {
      if (bytes(version) > VALUE_MAX_BYTES) {
        errors.add(FieldError.tooLong(path.child("version"), VALUE_MAX_BYTES));
      }
      if (!SEMVER.matcher(version).matches()) {
        errors.add(FieldError.invalid(path.child("version"), version, SEMVER_MSG));
      }
    }
    return errors;
  }

  static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }
}
