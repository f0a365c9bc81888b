package dev.gpudra.allocator.explain;

import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Kubernetes 1.34+ admits a claim (or template) with an {@code adminAccess: true} request only in a
 * namespace labelled {@value #LABEL}{@code ="true"}; elsewhere the API server refuses it, so it
 * fits nowhere. A namespace that is not among the given objects counts as unlabelled.
 */
final class AdminAccess {
  static final String LABEL = "resource.kubernetes.io/admin-access";

  private final Map<String, Namespace> namespaces = new HashMap<>();

  AdminAccess(List<Namespace> namespaces) {
    namespaces.forEach(n -> this.namespaces.put(n.getMetadata().getName(), n));
  }

  /** Why the claim cannot exist in {@code namespace}, if it cannot. */
  Optional<String> refusal(ResourceClaim claim, String namespace) {
    Optional<String> admin = adminRequest(claim);
    if (admin.isEmpty() || allowed(namespace)) {
      return Optional.empty();
    }
    return Optional.of(
        "request "
            + admin.get()
            + " sets adminAccess, but namespace "
            + namespace
            + (namespaces.containsKey(namespace) ? "" : " (not among the given objects)")
            + " lacks the label "
            + LABEL
            + "=\"true\"; the API server refuses such a claim");
  }

  private boolean allowed(String namespace) {
    Namespace ns = namespaces.get(namespace);
    Map<String, String> labels = ns == null ? null : ns.getMetadata().getLabels();
    return labels != null && "true".equals(labels.get(LABEL));
  }

  private static Optional<String> adminRequest(ResourceClaim claim) {
    if (claim.getSpec() == null || claim.getSpec().getDevices() == null) {
      return Optional.empty();
    }
    return Objects.requireNonNullElse(
            claim.getSpec().getDevices().getRequests(), List.<DeviceRequest>of())
        .stream()
        .filter(r -> r.getExactly() != null && Boolean.TRUE.equals(r.getExactly().getAdminAccess()))
        .map(DeviceRequest::getName)
        .findFirst();
  }
}
