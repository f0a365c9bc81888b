package dev.gpudra.webhook.admission;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The webhook's decision on one review of a ResourceClaim or ResourceClaimTemplate. CREATE and
 * UPDATE are judged; an UPDATE that leaves the spec as it was (a finalizer, a label: the spec is
 * immutable) is allowed, so that an object admitted before the webhook ran can still be deleted.
 * Other operations and subresources carry no new configs and are allowed. Thread-safe.
 */
public final class ClaimAdmission {
  private static final Logger log = LoggerFactory.getLogger(ClaimAdmission.class);

  private final OpaqueConfigValidator validator;

  public ClaimAdmission(OpaqueConfigValidator validator) {
    this.validator = Objects.requireNonNull(validator, "validator");
  }

  public Verdict admit(AdmissionRequest request) {
    Optional<ClaimKind> kind = ClaimKind.of(request.resource());
    if (kind.isEmpty()) {
      return Verdict.badRequest(
          "expected resource to be one of the supported versions for resourceclaims or"
              + " resourceclaimtemplates, got "
              + request.resource());
    }
    if (!judged(request)) {
      return Verdict.allow();
    }
    try {
      if (unchangedSpec(kind.get(), request)) {
        return Verdict.allow();
      }
      return judge(kind.get(), request);
    } catch (MalformedObjectException e) {
      return Verdict.badRequest(e.getMessage());
    }
  }

  private static boolean judged(AdmissionRequest request) {
    return request.subResource().isEmpty()
        && ("CREATE".equals(request.operation()) || "UPDATE".equals(request.operation()));
  }

  private static boolean unchangedSpec(ClaimKind kind, AdmissionRequest request) {
    return "UPDATE".equals(request.operation())
        && request.oldObject().isObject()
        && kind.spec(request.object()).equals(kind.spec(request.oldObject()));
  }

  private Verdict judge(ClaimKind kind, AdmissionRequest request) {
    List<String> problems = validator.problems(kind.opaqueEntries(request.object()));
    if (problems.isEmpty()) {
      log.debug("admitted {} {} {}", request.operation(), kind, request.describe());
      return Verdict.allow();
    }
    String message =
        problems.size() + " configs failed to validate: " + String.join("; ", problems);
    log.info("refused {} {} {}: {}", request.operation(), kind, request.describe(), message);
    return Verdict.invalid(message);
  }
}
