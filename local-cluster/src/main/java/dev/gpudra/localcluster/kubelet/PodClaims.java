package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a pod's ResourceClaims as the kubelet does before preparing: each must exist, be allocated,
 * be reserved for the pod and, when generated from a template, be owned by it. A pod whose
 * containers request extended resources also waits for the claim kube-scheduler makes for them
 * ({@code status.extendedResourceClaimStatus}, DRAExtendedResource), unless a device plugin serves
 * them on the node (the runtime's device manager).
 */
final class PodClaims {
  private final KubernetesClient client;
  private final java.util.Set<String> deviceManagerResources;

  /**
   * @param deviceManagerResources extended resources device plugins serve on this node: the pod
   *     does not wait for a DRA claim for them
   */
  PodClaims(KubernetesClient client, java.util.Set<String> deviceManagerResources) {
    this.client = client;
    this.deviceManagerResources = deviceManagerResources;
  }

  /** A claim ready to prepare, with the drivers of its allocated devices. */
  record Claim(ClaimRef ref, List<String> drivers) {}

  /** The pod's claims by pod claim name, or empty while one is not ready yet. */
  Optional<Map<String, Claim>> readyClaims(Pod pod) {
    Map<String, Claim> claims = new LinkedHashMap<>();
    List<PodResourceClaim> entries = pod.getSpec().getResourceClaims();
    for (PodResourceClaim entry : entries == null ? List.<PodResourceClaim>of() : entries) {
      Optional<Claim> claim = name(pod, entry).flatMap(n -> ready(pod, n, entry));
      if (claim.isEmpty()) {
        return Optional.empty();
      }
      claims.put(entry.getName(), claim.get());
    }
    if (requestsExtendedResources(pod, deviceManagerResources)) {
      Optional<Claim> extended =
          extendedClaimName(pod).flatMap(n -> ready(pod, n, new PodResourceClaim()));
      if (extended.isEmpty()) {
        return Optional.empty();
      }
      claims.put(ContainerDevices.EXTENDED_RESOURCES, extended.get());
    }
    return Optional.of(claims);
  }

  /**
   * Whether a container asks for an extended resource: a domain-prefixed name outside {@code
   * kubernetes.io} ({@code nvidia.com/gpu}), not cpu, memory, storage or hugepages.
   */
  static boolean requestsExtendedResources(Pod pod) {
    return requestsExtendedResources(pod, java.util.Set.of());
  }

  /** As {@link #requestsExtendedResources(Pod)}, leaving out the resources in {@code except}. */
  static boolean requestsExtendedResources(Pod pod, java.util.Set<String> except) {
    return pod.getSpec().getContainers().stream()
        .filter(c -> c.getResources() != null)
        .flatMap(c ->
            java.util.stream.Stream.of(
                c.getResources().getRequests(), c.getResources().getLimits()))
        .filter(Objects::nonNull)
        .flatMap(m -> m.keySet().stream())
        .filter(name -> !except.contains(name))
        .anyMatch(name -> name.contains("/") && !name.split("/")[0].endsWith("kubernetes.io"));
  }

  private static Optional<String> extendedClaimName(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getExtendedResourceClaimStatus() == null) {
      return Optional.empty();
    }
    return Optional.ofNullable(
        pod.getStatus().getExtendedResourceClaimStatus().getResourceClaimName());
  }

  private Optional<Claim> ready(Pod pod, String claimName, PodResourceClaim entry) {
    String podUid = pod.getMetadata().getUid();
    ResourceClaim claim =
        client
            .resources(ResourceClaim.class)
            .inNamespace(pod.getMetadata().getNamespace())
            .withName(claimName)
            .get();
    if (claim == null || claim.getStatus() == null || claim.getStatus().getAllocation() == null) {
      return Optional.empty();
    }
    var reservedFor = claim.getStatus().getReservedFor();
    boolean reserved =
        reservedFor != null && reservedFor.stream().anyMatch(r -> podUid.equals(r.getUid()));
    boolean owned =
        entry.getResourceClaimTemplateName() == null
            || (claim.getMetadata().getOwnerReferences() != null
                && claim.getMetadata().getOwnerReferences().stream()
                    .anyMatch(o -> podUid.equals(o.getUid())));
    if (!reserved || !owned) {
      return Optional.empty();
    }
    List<String> drivers =
        claim.getStatus().getAllocation().getDevices().getResults().stream()
            .map(r -> r.getDriver())
            .distinct()
            .toList();
    var meta = claim.getMetadata();
    return Optional.of(
        new Claim(new ClaimRef(meta.getNamespace(), meta.getName(), meta.getUid()), drivers));
  }

  private static Optional<String> name(Pod pod, PodResourceClaim entry) {
    if (entry.getResourceClaimName() != null) {
      return Optional.of(entry.getResourceClaimName());
    }
    if (pod.getStatus() == null || pod.getStatus().getResourceClaimStatuses() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getResourceClaimStatuses().stream()
        .filter(s -> entry.getName().equals(s.getName()))
        .map(s -> s.getResourceClaimName())
        .filter(Objects::nonNull)
        .findFirst();
  }
}
