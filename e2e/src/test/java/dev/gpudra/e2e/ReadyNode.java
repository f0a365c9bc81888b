package dev.gpudra.e2e;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.List;

/**
 * A Node object with no kubelet behind it that kube-scheduler binds pods to: Ready, room for 110
 * pods, no taints. Its pods are never run; the suites that use it watch the scheduler only.
 */
final class ReadyNode {
  private ReadyNode() {}

  static void create(KubernetesClient client, String name) {
    client
        .resource(
            new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("kubernetes.io/hostname", name)
                .endMetadata()
                .build())
        .create();
    client
        .nodes()
        .withName(name)
        .editStatus(n ->
            new NodeBuilder(n)
                .editOrNewStatus()
                .withConditions(
                    new NodeConditionBuilder()
                        .withType("Ready")
                        .withStatus("True")
                        .withReason("KubeletReady")
                        .withLastHeartbeatTime(Instant.now().toString())
                        .withLastTransitionTime(Instant.now().toString())
                        .build())
                .addToCapacity("pods", new Quantity("110"))
                .addToAllocatable("pods", new Quantity("110"))
                .endStatus()
                .build());
    client
        .nodes()
        .withName(name)
        .edit(n -> new NodeBuilder(n).editOrNewSpec().withTaints(List.of()).endSpec().build());
  }
}
