package dev.gpudra.computedomain.clique;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Daemons joining their clique on the in-process API server, with the CRDs installed. */
class CliqueMembershipIT {
  private static final String NS = "gpu-dra";
  private static final String DOMAIN = "5b9c0d1e-0000-4000-8000-000000000001";
  private static final String CLIQUE = "9c6f5af3-53bf-49b5-a436-b66766c413c3.4026";

  private LocalApiServer api;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
  }

  @AfterEach
  void stop() {
    api.close();
  }

  private CliqueMembership daemon(String node, String podUid, int max) {
    return new CliqueMembership(
        client,
        new DaemonIdentity(
            NS,
            DOMAIN,
            CLIQUE,
            node,
            "10.0.0." + node.charAt(node.length() - 1),
            "daemon-" + node,
            podUid),
        max);
  }

  private ComputeDomainClique clique() {
    return client
        .resources(ComputeDomainClique.class)
        .inNamespace(NS)
        .withName(DOMAIN + "." + CLIQUE)
        .get();
  }

  @Test
  @DisplayName(
      "the first daemon makes the clique (NVIDIA's name and labels, its pod an owner); the next"
          + " gets the next index; a restarted daemon keeps its index")
  void joining() {
    assertThat(daemon("node-1", "pod-a1", 18).join()).isZero();
    assertThat(daemon("node-2", "pod-b1", 18).join()).isEqualTo(1);
    assertThat(daemon("node-1", "pod-a2", 18).join()).isZero();

    ComputeDomainClique clique = clique();
    assertThat(clique.getMetadata().getLabels())
        .containsEntry("resource.nvidia.com/computeDomain", DOMAIN)
        .containsEntry("resource.nvidia.com/computeDomain.cliqueID", CLIQUE);
    assertThat(clique.getMetadata().getOwnerReferences())
        .extracting(OwnerReference::getUid)
        .containsExactlyInAnyOrder("pod-a1", "pod-b1", "pod-a2");
    assertThat(clique.getDaemons())
        .extracting(
            ComputeDomainDaemon::nodeName, ComputeDomainDaemon::index, ComputeDomainDaemon::status)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("node-1", 0, DomainStatus.NOT_READY),
            org.assertj.core.groups.Tuple.tuple("node-2", 1, DomainStatus.NOT_READY));
  }

  @Test
  @DisplayName(
      "status follows the daemon's readiness; a daemon that leaves frees its index for the next;"
          + " peers by index")
  void statusLeaveAndPeers() {
    CliqueMembership one = daemon("node-1", "pod-a", 18);
    CliqueMembership two = daemon("node-2", "pod-b", 18);
    one.join();
    two.join();

    one.status(DomainStatus.READY);
    one.leave();

    assertThat(clique().getDaemons())
        .extracting(ComputeDomainDaemon::nodeName)
        .containsExactly("node-2");
    assertThat(daemon("node-3", "pod-c", 18).join()).isZero();
    assertThat(two.peers()).isEqualTo(Map.of(0, "10.0.0.3", 1, "10.0.0.2"));
  }

  @Test
  @DisplayName("a clique at the node limit refuses one more with NVIDIA's message")
  void full() {
    daemon("node-1", "pod-a", 2).join();
    daemon("node-2", "pod-b", 2).join();

    assertThatThrownBy(() -> daemon("node-3", "pod-c", 2).join())
        .hasMessage("cannot add more nodes, already at maximum (2)");
  }

  @Test
  @DisplayName("eight daemons joining at once get eight distinct indexes (conflicts are retried)")
  void concurrentJoins() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> joins = new ArrayList<>();
      for (int i = 1; i <= 8; i++) {
        CliqueMembership d = daemon("node-" + i, "pod-" + i, 18);
        joins.add(pool.submit((Callable<Integer>) d::join));
      }
      List<Integer> indexes = new ArrayList<>();
      for (Future<Integer> join : joins) {
        indexes.add(join.get());
      }

      assertThat(indexes).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
      assertThat(clique().getDaemons()).hasSize(8);
    } finally {
      pool.shutdownNow();
    }
  }
}
