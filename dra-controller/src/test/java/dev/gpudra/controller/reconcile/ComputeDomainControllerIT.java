package dev.gpudra.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controllerkit.runtime.Launch;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The controller on java-operator-sdk against the in-process API server (with the API server's
 * validation of resource.k8s.io objects and the CRDs installed): a domain gets its objects and a
 * status, and its deletion takes them and the node labels away before the domain goes.
 */
class ComputeDomainControllerIT {
  private static final String DRIVER_NS = DomainFixtures.DRIVER_NS;
  private static final String CLIQUE = DomainFixtures.CLIQUE;
  private static final String GONE = "0e0e0e0e-dead-4000-8000-000000000001";

  private LocalApiServer api;
  private KubernetesClient client;
  private ComputeDomainController controller;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
    client
        .resource(new NodeBuilder().withNewMetadata().withName("node-a").endMetadata().build())
        .create();
    controller =
        ComputeDomainController.start(
            Launch.unelected(client),
            new DaemonSettings(
                DRIVER_NS,
                "gpu-dra:it",
                4,
                18,
                "",
                List.of(),
                dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED),
            true,
            metrics);
  }

  @AfterEach
  void stop() {
    if (controller != null) {
      controller.close();
    }
    api.close();
  }

  private final DomainMetrics metrics = new DomainMetrics();

  /** The metrics as Prometheus scrapes them. */
  private String scrape() throws java.io.IOException {
    var out = new java.io.ByteArrayOutputStream();
    io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter.create()
        .write(out, metrics.registry().scrape());
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private ComputeDomain domain() {
    return client.resources(ComputeDomain.class).inNamespace("team-a").withName("imex").get();
  }

  private ComputeDomain create() {
    return client
        .resource(
            new ComputeDomain(
                new ObjectMetaBuilder().withName("imex").withNamespace("team-a").build(),
                new ComputeDomainSpec(
                    0,
                    new ComputeDomainSpec.Channel(
                        new ComputeDomainSpec.ClaimTemplate("imex-channel"), null)),
                null))
        .create();
  }

  @Test
  @DisplayName(
      "a domain gets NVIDIA's finalizer, its two templates, its DaemonSet and a Ready status, and"
          + " is counted in the metrics")
  void objectsAndReadyStatus() throws Exception {
    String uid = create().getMetadata().getUid();

    await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertObjectsAndReady(uid));
    assertThat(scrape())
        .contains(
            "gpu_dra_compute_domain_info{name=\"imex\",namespace=\"team-a\",status=\"Ready\",uid=\""
                + uid
                + "\"} 1.0")
        .as("NVIDIA's series: a count per status")
        .contains("nvidia_dra_compute_domain_info{status=\"Ready\"} 1.0")
        .contains("nvidia_dra_compute_domain_info{status=\"NotReady\"} 0.0");
  }

  private void assertObjectsAndReady(String uid) {
    assertThat(domain().getMetadata().getFinalizers())
        .contains("resource.nvidia.com/computeDomain");
    assertThat(
            client
                .resources(ResourceClaimTemplate.class)
                .inNamespace("team-a")
                .withName("imex-channel")
                .get())
        .isNotNull();
    assertThat(
            client
                .resources(ResourceClaimTemplate.class)
                .inNamespace(DRIVER_NS)
                .withName("computedomain-daemon-" + uid)
                .get())
        .isNotNull();
    assertThat(
            client
                .apps()
                .daemonSets()
                .inNamespace(DRIVER_NS)
                .withName("computedomain-daemon-" + uid)
                .get())
        .isNotNull();
    ComputeDomain now = domain();
    assertThat(now.getStatus()).isNotNull();
    assertThat(now.getStatus().status()).isEqualTo(DomainStatus.READY);
  }

  @Test
  @DisplayName(
      "a daemon pod whose clique entry is not ready makes the domain NotReady, lists its node and"
          + " names node and clique in the Ready condition")
  void statusFromDaemonsAndClique() {
    String uid = create().getMetadata().getUid();
    await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertObjectsAndReady(uid));

    client.resource(DomainFixtures.daemonPod(uid, "node-a")).create();
    client
        .resource(
            DomainFixtures.clique(
                uid,
                new ComputeDomainDaemon("node-a", "10.0.0.1", CLIQUE, 0, DomainStatus.NOT_READY)))
        .create();

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> {
          ComputeDomain now = domain();
          assertThat(now.getStatus()).isNotNull();
          assertThat(now.getStatus().status()).isEqualTo(DomainStatus.NOT_READY);
          assertThat(now.getStatus().nodes()).extracting(n -> n.name()).containsExactly("node-a");
          assertThat(now.getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getType()).isEqualTo("Ready");
                assertThat(c.getMessage())
                    .isEqualTo("IMEX is not ready on node-a (clique " + CLIQUE + ")");
              });
        });
  }

  @Test
  @DisplayName(
      "a daemon's entry reaches the status at once (not at the 30 s resync); an entry whose node"
          + " runs no daemon pod is removed from the clique after the grace period")
  void eventsAndStaleEntries() {
    String uid = create().getMetadata().getUid();
    await().atMost(Duration.ofSeconds(20)).until(() -> domain().getStatus() != null);

    client.resource(DomainFixtures.daemonPod(uid, "node-a")).create();
    client
        .resource(
            DomainFixtures.clique(
                uid,
                new ComputeDomainDaemon("node-a", "10.0.0.1", CLIQUE, 0, DomainStatus.READY),
                new ComputeDomainDaemon("node-gone", "10.0.0.2", CLIQUE, 1, DomainStatus.READY)))
        .create();

    await()
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(() ->
            assertThat(domain().getStatus().nodes())
                .extracting(n -> n.name() + "=" + n.status())
                .containsExactly("node-a=" + DomainStatus.READY));
    var cliques = client.resources(ComputeDomainClique.class).inNamespace(DRIVER_NS);
    assertThat(cliques.withName(uid + "." + CLIQUE).get().getDaemons()).hasSize(2);
    await()
        .atMost(StaleEntries.GRACE.plusSeconds(5))
        .untilAsserted(() ->
            assertThat(cliques.withName(uid + "." + CLIQUE).get().getDaemons())
                .extracting(ComputeDomainDaemon::nodeName)
                .containsExactly("node-a"));
  }

  @Test
  @DisplayName(
      "deleting a domain deletes its templates and DaemonSet, removes its label from the nodes,"
          + " then lets the domain go")
  void deletion() {
    String uid = create().getMetadata().getUid();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() ->
            client
                    .apps()
                    .daemonSets()
                    .inNamespace(DRIVER_NS)
                    .withName("computedomain-daemon-" + uid)
                    .get()
                != null);
    client
        .nodes()
        .withName("node-a")
        .edit(n ->
            new NodeBuilder(n)
                .editMetadata()
                .addToLabels("resource.nvidia.com/computeDomain", uid)
                .endMetadata()
                .build());

    client.resources(ComputeDomain.class).inNamespace("team-a").withName("imex").delete();

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> {
          assertThat(domain()).isNull();
          assertThat(
                  client.resources(ResourceClaimTemplate.class).inAnyNamespace().list().getItems())
              .isEmpty();
          assertThat(client.apps().daemonSets().inAnyNamespace().list().getItems()).isEmpty();
          assertThat(client.nodes().withName("node-a").get().getMetadata().getLabels())
              .doesNotContainKey("resource.nvidia.com/computeDomain");
        });
  }

  @Test
  @DisplayName("a steady domain is not written again: no status patch, no DaemonSet update")
  void steadyState() throws InterruptedException {
    String uid = create().getMetadata().getUid();
    await().atMost(Duration.ofSeconds(20)).until(() -> domain().getStatus() != null);
    String domainVersion = domain().getMetadata().getResourceVersion();
    DaemonSet ds =
        client
            .apps()
            .daemonSets()
            .inNamespace(DRIVER_NS)
            .withName("computedomain-daemon-" + uid)
            .get();

    Thread.sleep(5000); // two status passes

    assertThat(domain().getMetadata().getResourceVersion()).isEqualTo(domainVersion);
    assertThat(
            client
                .apps()
                .daemonSets()
                .inNamespace(DRIVER_NS)
                .withName("computedomain-daemon-" + uid)
                .get()
                .getMetadata()
                .getResourceVersion())
        .isEqualTo(ds.getMetadata().getResourceVersion());
  }

  @Test
  @DisplayName(
      "the orphan cleanup removes the DaemonSet, templates, clique and node label of a domain"
          + " that no longer exists, finalizers and all, and keeps a live domain's")
  void removesOrphans() throws IOException {
    String live = create().getMetadata().getUid();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> client.apps().daemonSets().inNamespace(DRIVER_NS).list().getItems().size() == 1);
    client.resource(orphan("orphan-daemonset.yaml", DaemonSet.class)).create();
    client.resource(orphan("orphan-channel-template.yaml", ResourceClaimTemplate.class)).create();
    client
        .nodes()
        .withName("node-a")
        .edit(n -> {
          n.getMetadata()
              .setLabels(
                  new java.util.HashMap<>(Map.of("resource.nvidia.com/computeDomain", GONE)));
          return n;
        });

    int removed = new OrphanCleanup(client, DRIVER_NS).run();

    assertThat(removed).isEqualTo(3);
    assertThat(client.apps().daemonSets().inNamespace(DRIVER_NS).list().getItems())
        .extracting(d -> d.getMetadata().getName())
        .containsExactly("computedomain-daemon-" + live);
    assertThat(
            client
                .resources(ResourceClaimTemplate.class)
                .inNamespace("team-a")
                .withName("old-channel")
                .get())
        .isNull();
    assertThat(
            client
                .resources(ResourceClaimTemplate.class)
                .inNamespace("team-a")
                .withName("imex-channel")
                .get())
        .isNotNull();
    assertThat(client.nodes().withName("node-a").get().getMetadata().getLabels())
        .doesNotContainKey("resource.nvidia.com/computeDomain");
  }

  /** A test resource holding an object of the domain {@link #GONE}, which does not exist. */
  private static <T extends HasMetadata> T orphan(String resource, Class<T> type)
      throws IOException {
    try (InputStream in = ComputeDomainControllerIT.class.getResourceAsStream(resource)) {
      T object = Serialization.unmarshal(in, type);
      assertThat(object.getMetadata().getLabels())
          .as(resource)
          .containsEntry("resource.nvidia.com/computeDomain", GONE);
      return object;
    }
  }
}
