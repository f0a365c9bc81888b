package dev.gpudra.realcluster.node;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link NodeDrain} on the in-process API server, the runtime's emptiness played by the test (the
 * in-process server does not filter pods by {@code spec.nodeName}: every pod here is the node's).
 */
class NodeDrainIT {
  private static final String NODE = "gpu-node-real";

  private LocalApiServer api;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(NODE).endMetadata().build())
        .create();
  }

  @AfterEach
  void stop() {
    api.close();
  }

  private void pod(String name, String node) {
    client
        .pods()
        .inNamespace("default")
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .addNewContainer()
                .withName("c")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  private List<String> podsOn(String node) {
    return client
        .pods()
        .inAnyNamespace()
        .withField("spec.nodeName", node)
        .list()
        .getItems()
        .stream()
        .map(Pod::getMetadata)
        .map(m -> m.getName())
        .toList();
  }

  @Test
  @DisplayName(
      "the node is tainted NoExecute, its pods are deleted, and a pod that a controller places"
          + " there again is deleted too")
  void deletesPodsThatComeBack() {
    pod("a", NODE);
    AtomicInteger checks = new AtomicInteger();
    NodeDrain drain =
        new NodeDrain(
            client,
            NODE,
            () -> {
              int check = checks.incrementAndGet();
              if (check == 2) {
                pod("recreated", NODE); // as a DaemonSet controller would
              }
              return check > 2 && podsOn(NODE).isEmpty();
            });

    drain.run(Duration.ofSeconds(20));

    assertThat(podsOn(NODE)).isEmpty();
    assertThat(client.nodes().withName(NODE).get().getSpec().getTaints())
        .anySatisfy(t -> {
          assertThat(t.getKey()).isEqualTo(NodeDrain.TAINT);
          assertThat(t.getEffect()).isEqualTo("NoExecute");
        });
  }

  @Test
  @DisplayName("a drain that does not empty the runtime in time gives up and returns")
  void givesUp() {
    pod("a", NODE);
    long start = System.nanoTime();

    new NodeDrain(client, NODE, () -> false).run(Duration.ofMillis(600));

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThat(podsOn(NODE)).isEmpty();
  }
}
