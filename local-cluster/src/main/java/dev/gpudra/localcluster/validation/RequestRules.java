package dev.gpudra.localcluster.validation;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSelector;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceSubRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import io.fabric8.kubernetes.api.model.resource.v1.ExactDeviceRequest;
import java.util.ArrayList;
import java.util.List;

/** One request of a claim: exactly one of {@code exactly} and {@code firstAvailable}. */
final class RequestRules {
  static final int MAX_SUBREQUESTS = 8;
  static final List<String> ALLOCATION_MODES = List.of("All", "ExactCount");
  private static final String ONE_OF = "exactly one of `exactly` or `firstAvailable` is required";

  private RequestRules() {}

  static List<FieldError> request(DeviceRequest request, FieldPath path, ConfigRules config) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.dnsLabel(request.getName(), path.child("name")));
    boolean exact = request.getExactly() != null;
    boolean prioritized = ListRules.size(request.getFirstAvailable()) > 0;
    if (exact && prioritized) {
      errors.add(FieldError.invalid(path, null, ONE_OF + ", but multiple fields are set"));
    } else if (!exact && !prioritized) {
      errors.add(FieldError.required(path, ONE_OF));
    } else if (exact) {
      errors.addAll(exactly(request.getExactly(), path.child("exactly"), config));
    } else {
      FieldPath sub = path.child("firstAvailable");
      errors.addAll(
          ListRules.each(
              request.getFirstAvailable(),
              MAX_SUBREQUESTS,
              sub,
              (r, at) -> subRequest(r, at, config)));
      if (request.getFirstAvailable().size() <= MAX_SUBREQUESTS) {
        errors.addAll(
            ListRules.unique(request.getFirstAvailable(), sub, DeviceSubRequest::getName));
      }
    }
    return errors;
  }

  private static List<FieldError> exactly(
      ExactDeviceRequest r, FieldPath path, ConfigRules config) {
    return common(
        new Common(
            r.getDeviceClassName(),
            r.getSelectors(),
            r.getAllocationMode(),
            r.getCount(),
            r.getTolerations()),
        path,
        config);
  }

  private static List<FieldError> subRequest(
      DeviceSubRequest r, FieldPath path, ConfigRules config) {
    List<FieldError> errors = new ArrayList<>(NameRules.dnsLabel(r.getName(), path.child("name")));
    errors.addAll(
        common(
            new Common(
                r.getDeviceClassName(),
                r.getSelectors(),
                r.getAllocationMode(),
                r.getCount(),
                r.getTolerations()),
            path,
            config));
    return errors;
  }

  /** The fields {@code exactly} and a subrequest share. */
  private record Common(
      String deviceClassName,
      List<DeviceSelector> selectors,
      String allocationMode,
      Long count,
      List<DeviceToleration> tolerations) {}

  private static List<FieldError> common(Common r, FieldPath path, ConfigRules config) {
    List<FieldError> errors =
        new ArrayList<>(NameRules.dnsSubdomain(r.deviceClassName(), path.child("deviceClassName")));
    errors.addAll(config.selectors(r.selectors(), path.child("selectors")));
    errors.addAll(allocation(r.allocationMode(), r.count(), path));
    // Kubernetes 1.35 sets no bound on tolerations and does not check capacity requests
    FieldPath tolerations = path.child("tolerations");
    for (int i = 0; i < ListRules.size(r.tolerations()); i++) {
      errors.addAll(TolerationRules.toleration(r.tolerations().get(i), tolerations.index(i)));
    }
    return errors;
  }

  private static List<FieldError> allocation(String mode, Long count, FieldPath path) {
    long n = count == null ? 0 : count;
    if (mode == null || mode.isEmpty() || mode.equals("ExactCount")) {
      // the API server defaults a count of 0 (or none) to 1 for ExactCount
      if (n < 0) {
        return List.of(FieldError.invalid(path.child("count"), n, "must be greater than zero"));
      }
      return List.of();
    }
    if (mode.equals("All")) {
      if (n != 0) {
        return List.of(
            FieldError.invalid(
                path.child("count"), n, "must not be specified when allocationMode is 'All'"));
      }
      return List.of();
    }
    return List.of(FieldError.unsupported(path.child("allocationMode"), mode, ALLOCATION_MODES));
  }
}
