package dev.gpudra.localcluster.eviction;

import dev.gpudra.allocator.DeviceId;
import dev.gpudra.allocator.Tolerations;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * When each allocated claim, and so each pod using it, must go (kube-controller-manager's
 * device-taint-eviction): every {@code NoExecute} taint of an allocated device, published in its
 * ResourceSlice or added by a DeviceTaintRule, evicts at its {@code timeAdded}, unless one of the
 * allocation's tolerations with effect {@code NoExecute} tolerates it: forever without {@code
 * tolerationSeconds}, else that many seconds later (the least of them). A toleration without an
 * effect lets the scheduler place the claim but does not keep it from eviction. Pure.
 */
final class EvictionTimes {
  static final String NO_EXECUTE = "NoExecute";

  private final Map<DeviceId, List<DeviceTaint>> published = new HashMap<>();
  private final List<RuleView> rules;

  /**
   * @param slices every ResourceSlice
   * @param rules the DeviceTaintRules to count as evicting (those with effect {@code NoExecute})
   */
  EvictionTimes(List<ResourceSlice> slices, List<RuleView> rules) {
    this.rules = List.copyOf(rules);
    for (ResourceSlice slice : slices) {
      var spec = slice.getSpec();
      if (spec == null || spec.getDevices() == null || spec.getPool() == null) {
        continue;
      }
      spec.getDevices().stream()
          .filter(d -> d.getTaints() != null)
          .forEach(d ->
              published
                  .computeIfAbsent(
                      new DeviceId(spec.getDriver(), spec.getPool().getName(), d.getName()),
                      k -> new ArrayList<>())
                  .addAll(
                      d.getTaints().stream()
                          .filter(t -> NO_EXECUTE.equals(t.getEffect()))
                          .toList()));
    }
  }

  /** When the claim's pods must go, and why; empty when no taint evicts them. */
  Optional<Eviction> of(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null) {
      return Optional.empty();
    }
    Optional<Eviction> eviction = Optional.empty();
    for (var result : claim.getStatus().getAllocation().getDevices().getResults()) {
      for (EvictingTaint taint : taints(result)) {
        Optional<Eviction> one =
            time(taint, tolerations(result)).map(t -> new Eviction(t, List.of(taint)));
        eviction = join(eviction, one);
      }
    }
    return eviction;
  }

  /**
   * When the pod must go: the earliest of its claims' times. Only a scheduled pod goes, and only
   * for a claim reserved for it (and, for a claim made from a template, owned by it).
   */
  Optional<Eviction> of(Pod pod, Function<String, Optional<ResourceClaim>> claimsByName) {
    if (pod.getSpec() == null || pod.getSpec().getNodeName() == null) {
      return Optional.empty();
    }
    Optional<Eviction> eviction = Optional.empty();
    for (PodResourceClaim entry : pod.getSpec().getResourceClaims()) {
      Optional<ResourceClaim> claim = claimName(pod, entry).flatMap(claimsByName);
      boolean ours =
          entry.getResourceClaimName() != null || claim.filter(c -> ownedBy(c, pod)).isPresent();
      if (claim.isPresent() && ours && reservedFor(claim.get(), pod)) {
        eviction = join(eviction, of(claim.get()));
      }
    }
    return eviction;
  }

  private List<EvictingTaint> taints(DeviceRequestAllocationResult result) {
    DeviceId id = new DeviceId(result.getDriver(), result.getPool(), result.getDevice());
    List<EvictingTaint> taints = new ArrayList<>();
    published.getOrDefault(id, List.of()).forEach(t -> taints.add(EvictingTaint.published(t)));
    rules.stream()
        .filter(r -> r.rule().appliesTo(id))
        .forEach(r -> taints.add(EvictingTaint.of(r)));
    return taints;
  }

  private static List<DeviceToleration> tolerations(DeviceRequestAllocationResult result) {
    return result.getTolerations() == null ? List.of() : result.getTolerations();
  }

  /** When the taint evicts, or empty when a toleration keeps it off forever (or it has no time). */
  private static Optional<Instant> time(
      EvictingTaint evicting, List<DeviceToleration> tolerations) {
    DeviceTaint taint = evicting.taint();
    if (taint.getTimeAdded() == null) {
      return Optional.empty(); // the API server sets it on every stored taint
    }
    OptionalLong seconds = OptionalLong.empty();
    for (DeviceToleration toleration : tolerations) {
      if (NO_EXECUTE.equals(toleration.getEffect()) && Tolerations.tolerates(toleration, taint)) {
        if (toleration.getTolerationSeconds() == null) {
          return Optional.empty();
        }
        long s = Math.max(toleration.getTolerationSeconds(), 0);
        seconds = OptionalLong.of(seconds.isPresent() ? Math.min(seconds.getAsLong(), s) : s);
      }
    }
    return Optional.of(Instant.parse(taint.getTimeAdded()).plusSeconds(seconds.orElse(0)));
  }

  private static Optional<Eviction> join(Optional<Eviction> a, Optional<Eviction> b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? a : Optional.of(a.get().join(b.get()));
  }

  /** The claim's name: given in the pod's spec, or the one made from its template. */
  private static Optional<String> claimName(Pod pod, PodResourceClaim entry) {
    if (entry.getResourceClaimName() != null) {
      return Optional.of(entry.getResourceClaimName());
    }
    List<PodResourceClaimStatus> statuses =
        pod.getStatus() == null ? null : pod.getStatus().getResourceClaimStatuses();
    return statuses == null
        ? Optional.empty()
        : statuses.stream()
            .filter(s -> entry.getName().equals(s.getName()))
            .map(PodResourceClaimStatus::getResourceClaimName)
            .filter(n -> n != null)
            .findFirst();
  }

  private static boolean ownedBy(ResourceClaim claim, Pod pod) {
    var owners = claim.getMetadata().getOwnerReferences();
    return owners != null
        && owners.stream().anyMatch(o -> pod.getMetadata().getUid().equals(o.getUid()));
  }

  private static boolean reservedFor(ResourceClaim claim, Pod pod) {
    String uid = pod.getMetadata().getUid();
    var reserved = claim.getStatus() == null ? null : claim.getStatus().getReservedFor();
    return reserved != null
        && reserved.stream()
            .anyMatch(r -> "pods".equals(r.getResource()) && uid.equals(r.getUid()));
  }
}
