package dev.gpudra.localcluster.eviction;

import dev.gpudra.localcluster.events.PodEvents;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.PodResource;
import java.net.HttpURLConnection;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes a pod as the device-taint-eviction controller does: the {@code DisruptionTarget}
 * condition first ({@code DeletionByDeviceTaintManager}), then a graceful delete. A pod that is
 * gone, already being deleted, or replaced by another of the same name is left alone.
 */
final class PodEvictor {
  static final String REASON = "DeletionByDeviceTaintManager";
  static final String MESSAGE = "Device Taint manager: deleting due to NoExecute taint";

  /** kube-controller-manager's name for the controller, its events' source. */
  static final String COMPONENT = "device-taint-eviction-controller";

  private static final Logger log = LoggerFactory.getLogger(PodEvictor.class);

  private final KubernetesClient client;
  private final Clock clock;
  private final PodEvents events;

  PodEvictor(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
    this.events = new PodEvents(client, COMPONENT, clock);
  }

  /** Whether it deleted the pod. */
  boolean evict(Pod pod, Eviction eviction) {
    PodResource ref =
        client
            .pods()
            .inNamespace(pod.getMetadata().getNamespace())
            .withName(pod.getMetadata().getName());
    Pod current = ref.get();
    if (current == null
        || !pod.getMetadata().getUid().equals(current.getMetadata().getUid())
        || current.getMetadata().getDeletionTimestamp() != null) {
      return false;
    }
    try {
      events.normal(current, "DeviceTaintManagerEviction", null, "Marking for deletion");
      ref.editStatus(this::disrupted);
      ref.delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND
          || e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
        return false; // gone or changed meanwhile: the next pass looks again
      }
      throw e;
    }
    log.info(
        "evicted pod {}/{}: {}",
        pod.getMetadata().getNamespace(),
        pod.getMetadata().getName(),
        eviction.reasons().stream().map(EvictingTaint::describe).toList());
    return true;
  }

  private Pod disrupted(Pod pod) {
    boolean already =
        pod.getStatus() != null
            && pod.getStatus().getConditions() != null
            && pod.getStatus().getConditions().stream()
                .anyMatch(c ->
                    "DisruptionTarget".equals(c.getType())
                        && "True".equals(c.getStatus())
                        && REASON.equals(c.getReason()));
    if (already) {
      return pod;
    }
    return new PodBuilder(pod)
        .editOrNewStatus()
        .removeMatchingFromConditions(c -> "DisruptionTarget".equals(c.getType()))
        .addToConditions(
            new PodConditionBuilder()
                .withType("DisruptionTarget")
                .withStatus("True")
                .withReason(REASON)
                .withMessage(MESSAGE)
                .withLastTransitionTime(clock.instant().toString())
                .build())
        .endStatus()
        .build();
  }
}
