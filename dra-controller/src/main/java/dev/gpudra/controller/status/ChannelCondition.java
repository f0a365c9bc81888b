package dev.gpudra.controller.status;

import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Beyond NVIDIA's: {@code ChannelsReady}, whether the domain's channel claims (those made from its
 * workload template) can be prepared. The kubelet plugin prepares a channel only once the IMEX
 * daemon on the claim's node is ready and retries until then, so a pod stuck in ContainerCreating
 * is explained here: which claim, for which pod, waits on which node, and for what (not allocated
 * yet, no daemon on the node yet, the daemon not ready).
 */
final class ChannelCondition {
  static final String TYPE = "ChannelsReady";

  /** How many waiting claims the message names; the rest are counted. */
  static final int NAMED = 5;

  private static final String DRIVER = "compute-domain.nvidia.com";

  private ChannelCondition() {}

  static Condition of(
      List<ResourceClaim> claims,
      List<ComputeDomainNode> nodes,
      List<Condition> previous,
      Instant now) {
    Map<String, ComputeDomainNode> byName =
        nodes.stream().collect(Collectors.toMap(ComputeDomainNode::name, Function.identity()));
    List<String> waiting = new ArrayList<>();
    for (ResourceClaim claim : claims) {
      if (claim.getMetadata().getDeletionTimestamp() == null) {
        why(claim, byName).ifPresent(w -> waiting.add(describe(claim) + ": " + w));
      }
    }
    if (waiting.isEmpty()) {
      return DomainConditions.condition(
          new DomainConditions.Verdict(
              TYPE,
              true,
              "ChannelsReady",
              claims.isEmpty()
                  ? "no channel claims"
                  : claims.size() + " channel claims on nodes whose IMEX daemon is ready"),
          previous,
          now);
    }
    String named = String.join("; ", waiting.subList(0, Math.min(NAMED, waiting.size())));
    String more = waiting.size() > NAMED ? "; and " + (waiting.size() - NAMED) + " more" : "";
    return DomainConditions.condition(
        new DomainConditions.Verdict(TYPE, false, "ChannelClaimsWaiting", named + more),
        previous,
        now);
  }

  /** Why the claim cannot be prepared yet, if it cannot. */
  private static Optional<String> why(ResourceClaim claim, Map<String, ComputeDomainNode> nodes) {
    Optional<String> node = node(claim);
    if (node.isEmpty()) {
      return Optional.of("not allocated yet");
    }
    ComputeDomainNode joined = nodes.get(node.get());
    if (joined == null) {
      return Optional.of("waits on node " + node.get() + ": no IMEX daemon joined there yet");
    }
    if (joined.status() != DomainStatus.READY) {
      return Optional.of("waits on node " + node.get() + ": its IMEX daemon is not ready");
    }
    return Optional.empty();
  }

  /** The node of the claim's channel: the pool of its compute-domain result (one per node). */
  private static Optional<String> node(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null) {
      return Optional.empty();
    }
    return claim.getStatus().getAllocation().getDevices().getResults().stream()
        .filter(r -> DRIVER.equals(r.getDriver()))
        .map(DeviceRequestAllocationResult::getPool)
        .findFirst();
  }

  private static String describe(ResourceClaim claim) {
    String where = claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
    List<ResourceClaimConsumerReference> users =
        claim.getStatus() == null || claim.getStatus().getReservedFor() == null
            ? List.of()
            : claim.getStatus().getReservedFor();
    return "claim "
        + where
        + users.stream()
            .map(ResourceClaimConsumerReference::getName)
            .findFirst()
            .map(p -> " (pod " + p + ")")
            .orElse("");
  }
}
