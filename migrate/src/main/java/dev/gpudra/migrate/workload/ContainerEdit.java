package dev.gpudra.migrate.workload;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What changes in one container of a pod spec.
 *
 * @param index the container's index in {@code containers}
 * @param removedResources the resources taken out of its {@code limits} and {@code requests}
 * @param claim the pod claim it uses instead; empty when it asked for none of them (a count of 0)
 */
public record ContainerEdit(int index, List<String> removedResources, Optional<PodClaim> claim) {
  public ContainerEdit {
    removedResources = List.copyOf(removedResources);
    Objects.requireNonNull(claim, "claim");
  }

  /**
   * An entry of the pod's {@code spec.resourceClaims}.
   *
   * @param name the entry's name, which the container's {@code resources.claims} names
   * @param templateName the ResourceClaimTemplate its claim is made from
   */
  public record PodClaim(String name, String templateName) {
    public PodClaim {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(templateName, "templateName");
    }
  }
}
