package dev.gpudra.localcluster.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The DaemonSet stand-in on the in-process API server, one step at a time. */
class DaemonSetStandInIT {
  private static final String LABEL = "resource.nvidia.com/computeDomain";

  private LocalApiServer api;
  private KubernetesClient client;
  private DaemonSetStandIn standIn;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    standIn = new DaemonSetStandIn(client);
    for (String node : List.of("a", "b", "c")) {
      client
          .nodes()
          .resource(new NodeBuilder().withNewMetadata().withName(node).endMetadata().build())
          .create();
    }
  }

  @AfterEach
  void stop() {
    standIn.close();
    api.close();
  }

  private void label(String node, String value) {
    client
        .nodes()
        .withName(node)
        .edit(n -> {
          n.getMetadata().setLabels(value == null ? Map.of() : Map.of(LABEL, value));
          return n;
        });
  }

  private List<String> pinnedNodes() {
    return client.pods().inNamespace("ns").list().getItems().stream()
        .filter(p -> p.getMetadata().getDeletionTimestamp() == null)
        .map(DaemonSetStandInIT::pinned)
        .sorted()
        .toList();
  }

  private static String pinned(Pod pod) {
    return pod.getSpec()
        .getAffinity()
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .get(0)
        .getMatchFields()
        .get(0)
        .getValues()
        .get(0);
  }

  @Test
  @DisplayName(
      "one pod per node the selector matches, pinned by node affinity; a node that stops matching"
          + " loses its pod; a deleted DaemonSet's pods go; the status counts them")
  void followsTheNodes() {
    DaemonSet set =
        client
            .resource(
                new DaemonSetBuilder()
                    .withNewMetadata()
                    .withNamespace("ns")
                    .withName("daemon")
                    .endMetadata()
                    .withNewSpec()
                    .withNewSelector()
                    .withMatchLabels(Map.of("app", "d"))
                    .endSelector()
                    .withNewTemplate()
                    .withNewMetadata()
                    .withLabels(Map.of("app", "d"))
                    .endMetadata()
                    .withNewSpec()
                    .withNodeSelector(Map.of(LABEL, "cd-1"))
                    .addNewContainer()
                    .withName("c")
                    .withImage("x")
                    .endContainer()
                    .endSpec()
                    .endTemplate()
                    .endSpec()
                    .build())
            .create();
    label("a", "cd-1");
    label("b", "cd-1");
    label("c", "cd-2");

    standIn.step();

    assertThat(pinnedNodes()).containsExactly("a", "b");
    assertThat(
            client
                .pods()
                .inNamespace("ns")
                .withName("daemon-a")
                .get()
                .getMetadata()
                .getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getUid()).isEqualTo(set.getMetadata().getUid()));
    standIn.step();
    assertThat(pinnedNodes()).as("steady: no second pod").containsExactly("a", "b");
    assertThat(client.resource(set).get().getStatus().getDesiredNumberScheduled()).isEqualTo(2);

    label("b", null);
    standIn.step();
    assertThat(pinnedNodes()).containsExactly("a");

    client.resource(set).delete();
    standIn.step();
    assertThat(pinnedNodes()).isEmpty();
  }
}
