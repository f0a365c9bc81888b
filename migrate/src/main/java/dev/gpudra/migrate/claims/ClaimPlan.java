package dev.gpudra.migrate.claims;

import java.util.List;
import java.util.Objects;

/**
 * The claim one container gets instead of its device-plugin resources.
 *
 * @param templateName the ResourceClaimTemplate's name
 * @param podClaimName the entry's name in the pod's {@code spec.resourceClaims}
 * @param requests the template's requests, in the order the container named the resources
 */
public record ClaimPlan(
    String templateName, String podClaimName, List<DeviceRequestPlan> requests) {
  public ClaimPlan {
    Objects.requireNonNull(templateName, "templateName");
    Objects.requireNonNull(podClaimName, "podClaimName");
    requests = List.copyOf(requests);
    if (requests.isEmpty()) {
      throw new IllegalArgumentException("a claim needs at least one request");
    }
  }
}
