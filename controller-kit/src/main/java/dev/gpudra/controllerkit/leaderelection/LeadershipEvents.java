package dev.gpudra.controllerkit.leaderelection;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Warning Events about leader election, on this process's Pod (or its Lease). */
final class LeadershipEvents {
  static final String FORBIDDEN = "LeaderElectionForbidden";

  private static final Logger log = LoggerFactory.getLogger(LeadershipEvents.class);

  private final KubernetesClient client;
  private final ObjectReference subject;
  private final String component;
  private final Clock clock;

  LeadershipEvents(
      KubernetesClient client, ObjectReference subject, String component, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.subject = Objects.requireNonNull(subject, "subject");
    this.component = Objects.requireNonNull(component, "component");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Records a Warning; a failure to record it is logged, never thrown. */
  void warn(String reason, String message) {
    Instant now = clock.instant();
    Event event =
        new EventBuilder()
            .withNewMetadata()
            .withName(subject.getName() + "." + Long.toHexString(now.toEpochMilli() * 1_000_000L))
            .withNamespace(subject.getNamespace())
            .endMetadata()
            .withInvolvedObject(subject)
            .withType("Warning")
            .withReason(reason)
            .withMessage(message)
            .withNewSource()
            .withComponent(component)
            .endSource()
            .withReportingComponent(component)
            .withFirstTimestamp(now.toString())
            .withLastTimestamp(now.toString())
            .withCount(1)
            .build();
    try {
      client.v1().events().inNamespace(subject.getNamespace()).resource(event).create();
    } catch (KubernetesClientException e) {
      log.warn(
          "cannot record the Event {} on {} {}/{}: {}",
          reason,
          subject.getKind(),
          subject.getNamespace(),
          subject.getName(),
          e.getMessage());
    }
  }
}
