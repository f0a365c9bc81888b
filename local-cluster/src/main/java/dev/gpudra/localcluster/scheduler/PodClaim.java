package dev.gpudra.localcluster.scheduler;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of {@code pod.spec.resourceClaims}, resolved to the ResourceClaim it stands for.
 *
 * @param podClaimName the entry's name, used by {@code containers[].resources.claims[].name}
 * @param claimName the ResourceClaim's name; empty while a template's claim is not created yet
 * @param templateName the ResourceClaimTemplate, for a template entry
 */
public record PodClaim(
    String podClaimName, Optional<String> claimName, Optional<String> templateName) {

  public PodClaim {
    Objects.requireNonNull(podClaimName, "podClaimName");
    Objects.requireNonNull(claimName, "claimName");
    Objects.requireNonNull(templateName, "templateName");
  }

  /** The pod's claims in spec order; template claims take their names from the pod's status. */
  public static List<PodClaim> of(Pod pod) {
    List<PodResourceClaim> entries =
        pod.getSpec() == null || pod.getSpec().getResourceClaims() == null
            ? List.of()
            : pod.getSpec().getResourceClaims();
    return entries.stream().map(e -> resolve(pod, e)).toList();
  }

  private static PodClaim resolve(Pod pod, PodResourceClaim entry) {
    if (entry.getResourceClaimName() != null) {
      return new PodClaim(
          entry.getName(), Optional.of(entry.getResourceClaimName()), Optional.empty());
    }
    return new PodClaim(
        entry.getName(),
        generatedName(pod, entry.getName()),
        Optional.ofNullable(entry.getResourceClaimTemplateName()));
  }

  private static Optional<String> generatedName(Pod pod, String podClaimName) {
    if (pod.getStatus() == null || pod.getStatus().getResourceClaimStatuses() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getResourceClaimStatuses().stream()
        .filter(s -> podClaimName.equals(s.getName()))
        .map(PodResourceClaimStatus::getResourceClaimName)
        .filter(Objects::nonNull)
        .findFirst();
  }
}
