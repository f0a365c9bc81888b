package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.health.HealthChange;
import dev.gpudra.gpu.state.CheckpointRecovery;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Events on this node's Node object, where {@code kubectl describe node} shows them: what an admin
 * must know about the plugin's state (a rebuilt or unreadable checkpoint) and its devices' health
 * (taints added and removed). Failing to post one is logged, never fatal.
 */
final class NodeEvents {
  private static final Logger log = LoggerFactory.getLogger(NodeEvents.class);
  private static final String COMPONENT = "gpu-dra-kubelet-plugin";

  private final KubernetesClient client;
  private final String nodeName;
  private final Clock clock;

  NodeEvents(KubernetesClient client, String nodeName, Clock clock) {
    this.client = client;
    this.nodeName = nodeName;
    this.clock = clock;
  }

  void report(CheckpointRecovery.Outcome outcome) {
    switch (outcome) {
      case CheckpointRecovery.Outcome.Readable ignored -> {}
      case CheckpointRecovery.Outcome.Rebuilt rebuilt ->
          warn(
              "CheckpointRebuilt",
              "checkpoint was unreadable ("
                  + rebuilt.reason()
                  + "); rebuilt "
                  + rebuilt.claims()
                  + " prepared claims from their CDI specs; the unreadable file is kept as "
                  + rebuilt.aside());
      case CheckpointRecovery.Outcome.Refusing refusing ->
          warn("CheckpointUnreadable", refusing.reason());
    }
  }

  /** A Warning per taint added, a Normal Event per taint removed after recovery. */
  void health(List<HealthChange> changes) {
    for (HealthChange change : changes) {
      String message = change.device() + ": " + change.cause() + ": ";
      if (change.kind() == HealthChange.Kind.TAINTED) {
        post("Warning", "DeviceTainted", message + "taint " + change.taint() + " added");
      } else {
        post("Normal", "DeviceRecovered", message + "taint " + change.taint() + " removed");
      }
    }
  }

  private void warn(String reason, String message) {
    post("Warning", reason, message);
  }

  private void post(String type, String reason, String message) {
    String now =
        DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.SECONDS));
    try {
      client
          .v1()
          .events()
          .inNamespace("default")
          .resource(
              new EventBuilder()
                  .withNewMetadata()
                  .withGenerateName(nodeName + ".gpu-dra-")
                  .withNamespace("default")
                  .endMetadata()
                  .withNewInvolvedObject()
                  .withApiVersion("v1")
                  .withKind("Node")
                  .withName(nodeName)
                  .endInvolvedObject()
                  .withType(type)
                  .withReason(reason)
                  .withMessage(message)
                  .withNewSource()
                  .withComponent(COMPONENT)
                  .withHost(nodeName)
                  .endSource()
                  .withFirstTimestamp(now)
                  .withLastTimestamp(now)
                  .withCount(1)
                  .build())
          .create();
    } catch (KubernetesClientException e) {
      log.warn("cannot post Event {} on node {}: {}", reason, nodeName, e.getMessage());
    }
  }
}
