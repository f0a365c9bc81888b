package dev.gpudra.localcluster.scheduler;

import dev.gpudra.localcluster.events.PodEvents;
import dev.gpudra.localcluster.scheduler.PlacementDecision.Fits;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The scheduler stand-in's writes: claims from templates, claim status, bindings, conditions. */
final class ClaimWriter {
  private static final Logger log = LoggerFactory.getLogger(ClaimWriter.class);
  private final KubernetesClient client;
  private final PodEvents events;

  ClaimWriter(KubernetesClient client) {
    this.client = client;
    this.events = new PodEvents(client, "default-scheduler", Clock.systemUTC());
  }

  /** Creates the pod's missing template claims and records their names in the pod's status. */
  void createTemplateClaims(Pod pod, List<PodClaim> podClaims) {
    String ns = pod.getMetadata().getNamespace();
    List<PodResourceClaimStatus> statuses = new ArrayList<>();
    for (PodClaim c : podClaims) {
      if (c.templateName().isEmpty()) {
        continue;
      }
      String name = c.claimName().orElse(TemplateClaims.claimName(pod, c.podClaimName()));
      statuses.add(new PodResourceClaimStatus(c.podClaimName(), name));
      if (c.claimName().isPresent()) {
        continue;
      }
      ResourceClaimTemplate template =
          client
              .resources(ResourceClaimTemplate.class)
              .inNamespace(ns)
              .withName(c.templateName().get())
              .get();
      if (template == null) {
        log.debug(
            "pod {}/{} waits for template {}",
            ns,
            pod.getMetadata().getName(),
            c.templateName().get());
        return;
      }
      ResourceClaim claim = TemplateClaims.claimFor(pod, c.podClaimName(), template);
      if (client.resource(claim).get() == null) {
        client.resource(claim).create();
      }
    }
    client
        .pods()
        .inNamespace(ns)
        .withName(pod.getMetadata().getName())
        .editStatus(p ->
            new PodBuilder(p)
                .editOrNewStatus()
                .withResourceClaimStatuses(statuses)
                .endStatus()
                .build());
  }

  /** Writes every claim's allocation and reservation; returns the claims. */
  List<ResourceClaim> reserve(Pod pod, List<ResourceClaim> claims, Fits fits) {
    List<ResourceClaim> written = new ArrayList<>();
    for (ResourceClaim claim : claims) {
      ResourceClaimStatus status =
          ClaimStatuses.reserved(claim, fits.allocations().get(claim.getMetadata().getName()), pod);
      written.add(writeStatus(claim, status));
    }
    return written;
  }

  /** Binds the pod to the node: {@code spec.nodeName} and PodScheduled=True. */
  void bind(Pod pod, String node) {
    var podResource =
        client
            .pods()
            .inNamespace(pod.getMetadata().getNamespace())
            .withName(pod.getMetadata().getName());
    podResource.edit(p -> new PodBuilder(p).editSpec().withNodeName(node).endSpec().build());
    podResource.editStatus(p -> withCondition(p, condition("True", "Scheduled", "")));
  }

  /**
   * After a failed binding: takes the pod out of its claims' {@code reservedFor} (deallocating a
   * claim nobody else holds) and sets PodScheduled=False, reason SchedulerError, as kube-scheduler
   * does for a PreBind error; the pod is scheduled again.
   */
  void unreserve(Pod pod, List<ResourceClaim> claims, String error) {
    claims.forEach(c -> writeStatus(c, ClaimStatuses.unreserved(c, pod.getMetadata().getUid())));
    client
        .pods()
        .inNamespace(pod.getMetadata().getNamespace())
        .withName(pod.getMetadata().getName())
        .editStatus(p ->
            withCondition(
                p,
                condition(
                    "False",
                    "SchedulerError",
                    "running PreBind plugin \"DynamicResources\": " + error)));
  }

  /** The event kube-scheduler records while binding conditions are pending. */
  void bindingConditionsPending(Pod pod, String node) {
    events.normal(
        pod,
        "BindingConditionsPending",
        "Scheduling",
        "waiting for binding conditions for device on node " + node);
  }

  /**
   * Sets PodScheduled=False as the scheduler does for a pod that fits nowhere (reason
   * Unschedulable) or whose scheduling attempt failed with an error (reason SchedulerError).
   */
  void markUnschedulable(Pod pod, FitsNowhere nowhere) {
    String reason =
        nowhere.misses().stream().anyMatch(PodPlacement::aborts)
            ? "SchedulerError"
            : "Unschedulable";
    client
        .pods()
        .inNamespace(pod.getMetadata().getNamespace())
        .withName(pod.getMetadata().getName())
        .editStatus(p -> withCondition(p, condition("False", reason, nowhere.summary())));
  }

  /**
   * The resource-claim controller's part: deletes generated claims whose pod is gone and takes gone
   * pods out of {@code reservedFor}. Returns the claims as they are now, by namespace/name.
   */
  Map<String, ResourceClaim> release(List<ResourceClaim> claims, List<Pod> pods) {
    Set<String> live = pods.stream().map(p -> p.getMetadata().getUid()).collect(Collectors.toSet());
    Map<String, ResourceClaim> current = new LinkedHashMap<>();
    for (ResourceClaim claim : claims) {
      String key = claim.getMetadata().getNamespace() + "/" + claim.getMetadata().getName();
      var owners = claim.getMetadata().getOwnerReferences();
      boolean orphan =
          owners != null
              && !owners.isEmpty()
              && owners.stream().noneMatch(o -> live.contains(o.getUid()));
      if (orphan) {
        client.resource(claim).delete();
        continue;
      }
      ResourceClaimStatus released = ClaimStatuses.released(claim, live);
      current.put(key, released == null ? claim : writeStatus(claim, released));
    }
    return current;
  }

  private ResourceClaim writeStatus(ResourceClaim claim, ResourceClaimStatus status) {
    return client
        .resources(ResourceClaim.class)
        .inNamespace(claim.getMetadata().getNamespace())
        .withName(claim.getMetadata().getName())
        .editStatus(c -> new ResourceClaimBuilder(c).withStatus(status).build());
  }

  private static PodCondition condition(String status, String reason, String message) {
    return new PodConditionBuilder()
        .withType("PodScheduled")
        .withStatus(status)
        .withReason(reason)
        .withMessage(message.isEmpty() ? null : message)
        .build();
  }

  private static Pod withCondition(Pod pod, PodCondition condition) {
    List<PodCondition> conditions = new ArrayList<>();
    if (pod.getStatus() != null && pod.getStatus().getConditions() != null) {
      pod.getStatus().getConditions().stream()
          .filter(c -> !condition.getType().equals(c.getType()))
          .forEach(conditions::add);
    }
    conditions.add(condition);
    return new PodBuilder(pod).editOrNewStatus().withConditions(conditions).endStatus().build();
  }
}
