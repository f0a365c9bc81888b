package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A claim constraint on one fully qualified attribute over the devices of the listed requests (all
 * requests when the list is empty): {@code matchAttribute}, every device has the same value, or
 * {@code distinctAttribute} (DRAConsumableCapacity), no two devices share a value, so that shares
 * land on different devices. A device without the attribute fails either. Values compare by type
 * and value; versions as strings (semver is minimal, so that is exact).
 */
record AttributeConstraint(Kind kind, String attribute, Set<String> requests) {

  /** Which constraint. */
  enum Kind {
    MATCH("matchAttribute"),
    DISTINCT("distinctAttribute");

    private final String field;

    Kind(String field) {
      this.field = field;
    }
  }

  AttributeConstraint {
    requests = Set.copyOf(requests);
  }

  /** A chosen device, as the constraint sees it. */
  record Choice(RequestSpec spec, Candidate candidate) {}

  private record Value(String type, String text) {
    @Override
    public String toString() {
      return type + " " + text;
    }
  }

  /** {@code matchAttribute <name>} or {@code distinctAttribute <name>}. */
  String describe() {
    return kind.field + " " + attribute;
  }

  static List<AttributeConstraint> read(DeviceClaim claim) {
    List<AttributeConstraint> constraints = new ArrayList<>();
    for (DeviceConstraint constraint : RequestReader.orEmpty(claim.getConstraints())) {
      boolean match = present(constraint.getMatchAttribute());
      if (match == present(constraint.getDistinctAttribute())) {
        throw new UnsatisfiableException(
            FailureReason.UNSUPPORTED_REQUEST,
            "",
            "constraint #"
                + constraints.size()
                + ": exactly one of matchAttribute and distinctAttribute must be set");
      }
      constraints.add(
          new AttributeConstraint(
              match ? Kind.MATCH : Kind.DISTINCT,
              match ? constraint.getMatchAttribute() : constraint.getDistinctAttribute(),
              Set.copyOf(RequestReader.orEmpty(constraint.getRequests()))));
    }
    return constraints;
  }

  private static boolean present(String attribute) {
    return attribute != null && !attribute.isEmpty();
  }

  boolean appliesTo(RequestSpec spec) {
    return requests.isEmpty()
        || requests.contains(spec.request())
        || requests.contains(spec.name());
  }

  /** Why adding {@code candidate} for {@code spec} breaks the constraint, if it does. */
  Optional<String> violation(RequestSpec spec, Candidate candidate, List<Choice> chosen) {
    if (!appliesTo(spec)) {
      return Optional.empty();
    }
    Optional<Value> value = lookup(candidate);
    if (value.isEmpty()) {
      return Optional.of(describe() + ": device has no comparable value of the attribute");
    }
    return kind == Kind.MATCH ? mismatch(value.get(), chosen) : duplicate(value.get(), chosen);
  }

  private Optional<String> mismatch(Value value, List<Choice> chosen) {
    Optional<Choice> first = chosen.stream().filter(c -> appliesTo(c.spec())).findFirst();
    if (first.isEmpty() || lookup(first.get().candidate()).equals(Optional.of(value))) {
      return Optional.empty();
    }
    return Optional.of(conflict(value, first.get()));
  }

  private Optional<String> duplicate(Value value, List<Choice> chosen) {
    return chosen.stream()
        .filter(c -> appliesTo(c.spec()) && lookup(c.candidate()).equals(Optional.of(value)))
        .findFirst()
        .map(c ->
            "%s: device has %s, as does %s chosen for %s"
                .formatted(describe(), value, c.candidate().id(), c.spec().name()));
  }

  private String conflict(Value value, Choice other) {
    return "%s: device has %s, but %s chosen for %s has %s"
        .formatted(
            describe(),
            value,
            other.candidate().id(),
            other.spec().name(),
            lookup(other.candidate()).map(Value::toString).orElse("none"));
  }

  /** The attribute under its full name, or its short name when the domain is the driver's. */
  private Optional<Value> lookup(Candidate candidate) {
    Map<String, DeviceAttribute> attributes = candidate.device().getAttributes();
    if (attributes == null) {
      return Optional.empty();
    }
    DeviceAttribute found = attributes.get(attribute);
    int slash = attribute.indexOf('/');
    if (found == null
        && slash > 0
        && attribute.substring(0, slash).equals(candidate.id().driver())) {
      found = attributes.get(attribute.substring(slash + 1));
    }
    return Optional.ofNullable(found).flatMap(AttributeConstraint::value);
  }

  private static Optional<Value> value(DeviceAttribute attribute) {
    if (attribute.getString() != null) {
      return Optional.of(new Value("string", "'" + attribute.getString() + "'"));
    }
    if (attribute.getInt() != null) {
      return Optional.of(new Value("int", attribute.getInt().toString()));
    }
    if (attribute.getBool() != null) {
      return Optional.of(new Value("bool", attribute.getBool().toString()));
    }
    if (attribute.getVersion() != null) {
      return Optional.of(new Value("version", attribute.getVersion()));
    }
    return Optional.empty();
  }
}
