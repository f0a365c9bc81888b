package dev.gpudra.localcluster.events;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.Objects;

/**
 * Records a Normal core/v1 Event on a pod in the name of one component (its {@code source} and
 * {@code reportingComponent}), as client-go's event recorder does.
 */
public final class PodEvents {
  private final KubernetesClient client;
  private final String component;
  private final Clock clock;

  public PodEvents(KubernetesClient client, String component, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.component = Objects.requireNonNull(component, "component");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * @param action what the component was doing ({@code Scheduling}), or null
   */
  public void normal(Pod pod, String reason, String action, String message) {
    String now = clock.instant().toString();
    client
        .v1()
        .events()
        .inNamespace(pod.getMetadata().getNamespace())
        .resource(
            new EventBuilder()
                .withNewMetadata()
                .withGenerateName(pod.getMetadata().getName() + ".")
                .endMetadata()
                .withNewInvolvedObject()
                .withApiVersion("v1")
                .withKind("Pod")
                .withNamespace(pod.getMetadata().getNamespace())
                .withName(pod.getMetadata().getName())
                .withUid(pod.getMetadata().getUid())
                .endInvolvedObject()
                .withType("Normal")
                .withReason(reason)
                .withAction(action)
                .withMessage(message)
                .withNewSource()
                .withComponent(component)
                .endSource()
                .withReportingComponent(component)
                .withFirstTimestamp(now)
                .withLastTimestamp(now)
                .withCount(1)
                .build())
        .create();
  }
}
