package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Events on Nodes ({@code kubectl describe node} shows them), from the operator as component {@code
 * gpu-operator}. A node's events live in the {@code default} namespace, as the kubelet's.
 */
final class NodeEvents {
  private static final Logger log = LoggerFactory.getLogger(NodeEvents.class);
  private static final int MAX_MESSAGE = 1024;

  private final KubernetesClient client;
  private final Clock clock;

  NodeEvents(KubernetesClient client, Clock clock) {
    this.client = client;
    this.clock = clock;
  }

  void warning(Node node, String reason, String message) {
    record(node, "Warning", reason, message);
  }

  void normal(Node node, String reason, String message) {
    record(node, "Normal", reason, message);
  }

  private void record(Node node, String type, String reason, String message) {
    String now = clock.instant().toString();
    String text = message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) : message;
    try {
      client
          .v1()
          .events()
          .inNamespace("default")
          .resource(
              new EventBuilder()
                  .withNewMetadata()
                  .withName(node.getMetadata().getName() + "." + UUID.randomUUID())
                  .withNamespace("default")
                  .endMetadata()
                  .withNewInvolvedObject()
                  .withApiVersion("v1")
                  .withKind("Node")
                  .withName(node.getMetadata().getName())
                  .withUid(node.getMetadata().getUid())
                  .endInvolvedObject()
                  .withType(type)
                  .withReason(reason)
                  .withMessage(text)
                  .withFirstTimestamp(now)
                  .withLastTimestamp(now)
                  .withCount(1)
                  .withNewSource()
                  .withComponent("gpu-operator")
                  .endSource()
                  .build())
          .create();
    } catch (KubernetesClientException e) {
      // the event is a courtesy: the node's label and the policy's status say the same
      log.warn(
          "node {}: cannot record event {} ({}): {}",
          node.getMetadata().getName(),
          reason,
          text,
          e.getMessage());
    }
  }
}
