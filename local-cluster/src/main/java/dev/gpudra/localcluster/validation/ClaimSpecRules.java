package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** ResourceClaimSpec (§4.3), shared by claims and claim templates. */
final class ClaimSpecRules {
  static final int MAX_REQUESTS = 32;
  static final int MAX_CONSTRAINTS = 32;
  static final int MAX_REQUEST_REFERENCES = 32;
  static final String REFERENCE =
      "must be the name of a request in the claim or the name of a request and a subrequest"
          + " separated by '/'";

  private ClaimSpecRules() {}

  static List<FieldError> spec(ResourceClaimSpec spec, FieldPath path, ConfigRules config) {
    DeviceClaim devices = spec == null ? null : spec.getDevices();
    if (devices == null) {
      return List.of();
    }
    FieldPath at = path.child("devices");
    FieldPath requests = at.child("requests");
    List<FieldError> errors =
        new ArrayList<>(
            ListRules.each(
                devices.getRequests(),
                MAX_REQUESTS,
                requests,
                (r, p) -> RequestRules.request(r, p, config)));
    if (ListRules.size(devices.getRequests()) <= MAX_REQUESTS) {
      errors.addAll(ListRules.unique(devices.getRequests(), requests, DeviceRequest::getName));
    }
    Set<String> known = references(devices.getRequests());
    errors.addAll(
        ListRules.each(
            devices.getConstraints(),
            MAX_CONSTRAINTS,
            at.child("constraints"),
            (c, p) -> constraint(c, p, known)));
    errors.addAll(
        ListRules.each(
            devices.getConfig(),
            ConfigRules.MAX_CONFIGS,
            at.child("config"),
            (c, p) -> {
              List<FieldError> e =
                  new ArrayList<>(requestRefs(c.getRequests(), p.child("requests"), known));
              e.addAll(config.opaque(c.getOpaque(), p));
              return e;
            }));
    return errors;
  }

  private static List<FieldError> constraint(
      DeviceConstraint c, FieldPath path, Set<String> known) {
    List<FieldError> errors =
        new ArrayList<>(requestRefs(c.getRequests(), path.child("requests"), known));
    boolean match = c.getMatchAttribute() != null && !c.getMatchAttribute().isEmpty();
    boolean distinct = c.getDistinctAttribute() != null && !c.getDistinctAttribute().isEmpty();
    // Kubernetes 1.37 (declarative validation) checks each one that is set
    if (match) {
      errors.addAll(
          AttributeRules.fullyQualifiedName(c.getMatchAttribute(), path.child("matchAttribute")));
    }
    if (distinct) {
      errors.addAll(
          AttributeRules.fullyQualifiedName(
              c.getDistinctAttribute(), path.child("distinctAttribute")));
    }
    if (!match && !distinct) {
      // Kubernetes words it so, "multiple fields" included
      errors.add(
          FieldError.required(
              path,
              "exactly one of \"matchAttribute\" or \"distinctAttribute\" is required, but"
                  + " multiple fields are set"));
    }
    return errors;
  }

  private static List<FieldError> requestRefs(
      List<String> refs, FieldPath path, Set<String> known) {
    List<FieldError> errors =
        new ArrayList<>(
            ListRules.each(
                refs,
                MAX_REQUEST_REFERENCES,
                path,
                (ref, at) ->
                    known.contains(ref)
                        ? List.of()
                        : List.of(FieldError.invalid(at, ref, REFERENCE))));
    if (ListRules.size(refs) <= MAX_REQUEST_REFERENCES) {
      errors.addAll(ListRules.unique(refs, path, r -> r));
    }
    return errors;
  }

  /** Every {@code req} and {@code req/sub} that a constraint or config may name. */
  static Set<String> references(List<DeviceRequest> requests) {
    Set<String> known = new HashSet<>();
    for (DeviceRequest r : requests == null ? List.<DeviceRequest>of() : requests) {
      known.add(r.getName());
      for (DeviceSubRequest sub :
          r.getFirstAvailable() == null ? List.<DeviceSubRequest>of() : r.getFirstAvailable()) {
        known.add(r.getName() + "/" + sub.getName());
      }
    }
    return known;
  }
}
