package dev.gpudra.deviceclasses.allocation;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code matchAttribute} constraint: every device of the listed requests (all requests when the
 * list is empty) has the same value of one fully qualified attribute. A device without it fails.
 * Values compare by type and value; versions as strings (semver is minimal, so that is exact).
 */
record MatchAttribute(String attribute, Set<String> requests) {

  MatchAttribute {
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

  static List<MatchAttribute> read(DeviceClaim claim) {
    List<MatchAttribute> constraints = new ArrayList<>();
    for (DeviceConstraint constraint : RequestReader.orEmpty(claim.getConstraints())) {
      if (constraint.getMatchAttribute() == null || constraint.getMatchAttribute().isEmpty()) {
        throw new UnsatisfiableException(
            FailureReason.UNSUPPORTED_REQUEST,
            "",
            "constraint #" + constraints.size() + ": only matchAttribute is supported");
      }
      constraints.add(
          new MatchAttribute(
              constraint.getMatchAttribute(),
              Set.copyOf(RequestReader.orEmpty(constraint.getRequests()))));
    }
    return constraints;
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
      return Optional.of(
          "matchAttribute " + attribute + ": device has no comparable value of the attribute");
    }
    Optional<Choice> first = chosen.stream().filter(c -> appliesTo(c.spec())).findFirst();
    if (first.isEmpty() || lookup(first.get().candidate()).equals(value)) {
      return Optional.empty();
    }
    Choice other = first.get();
    return Optional.of(
        "matchAttribute %s: device has %s, but %s chosen for %s has %s"
            .formatted(
                attribute,
                value.get(),
                other.candidate().id(),
                other.spec().name(),
                lookup(other.candidate()).map(Value::toString).orElse("none")));
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
    return Optional.ofNullable(found).flatMap(MatchAttribute::value);
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
