package dev.gpudra.e2e;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Instant;

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
    String now = Instant.now().toString();
    // merge patches carry no resourceVersion: kube-controller-manager may touch the new node
    // between a read and a write, and a read-modify-write would then fail with a conflict
    client
        .nodes()
        .withName(name)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            """
            {"status": {
              "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                "lastHeartbeatTime": "%s", "lastTransitionTime": "%s"}],
              "capacity": {"pods": "110"}, "allocatable": {"pods": "110"}}}
            """
                .formatted(now, now));
    client
        .nodes()
        .withName(name)
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"spec\": {\"taints\": null}}");
  }
}
