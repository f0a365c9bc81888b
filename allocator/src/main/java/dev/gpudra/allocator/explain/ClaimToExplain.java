package dev.gpudra.allocator.explain;

import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Objects;

/**
 * One claim to explain.
 *
 * @param label how the answer names it: {@code ResourceClaim ns/name}, {@code Deployment ns/name
 *     claim gpus}, {@code Pod ns/name extended resources}
 * @param claim the claim in v1, as it is or as it would be generated
 * @param namespace where the claim lives
 * @param tolerations the pod's tolerations; none for a claim or template on its own (judged as for
 *     a pod without tolerations)
 */
record ClaimToExplain(
    String label, ResourceClaim claim, String namespace, List<Toleration> tolerations) {
  ClaimToExplain {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(claim, "claim");
    Objects.requireNonNull(namespace, "namespace");
    tolerations = List.copyOf(tolerations);
  }
}
