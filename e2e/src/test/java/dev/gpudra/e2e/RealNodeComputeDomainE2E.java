package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.realcluster.node.ChartPlugin;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * ComputeDomains under the real kubelet, NVIDIA's quickstart: our chart with the compute-domain
 * driver on a simulated GB200 tray. A user's ComputeDomain and a pod claiming its channel template;
 * the controller makes the daemon's DaemonSet, the plugin labels the node for it, the daemon runs
 * in containerd (our image, {@code gpu-dra compute-domain-daemon run}, the {@code nvidia-imex}
 * stand-in of the test driver root), joins its clique and goes Ready, and only then the workload
 * gets its IMEX channel. Deleting the domain removes every object and the node's label.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeComputeDomainE2E {
  private static final String NS = "default";

  private RealNodeFixture fixture;
  private NodePods pods;
  private KubernetesClient client;
  private NodeDomains domains;
  private LeaderWatch controller;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture =
        RealNodeFixture.start(
            dir,
            "gb200-nvl",
            List.of(
                "resources.computeDomains.enabled=true",
                // two controllers elected over their Lease: one leads all suite long, none restarts
                "controller.leaderElection.enabled=true",
                "controller.replicas=2"));
    pods = fixture.pods();
    client = fixture.controlPlane().client();
    domains = new NodeDomains(client, NS);
    controller =
        LeaderWatch.begin(
            client,
            ChartPlugin.NAMESPACE,
            "gpu-dra-controller",
            Map.of("gpu-dra-component", "controller"));
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
  }

  private ComputeDomain domain(String name) {
    return domains.create(name);
  }

  @Test
  @DisplayName(
      "a ComputeDomain's workload gets IMEX channel 0 once the real daemon pod is Ready in its"
          + " clique; the domain goes Ready; deleting it removes DaemonSet, templates, clique and"
          + " the node label")
  void domainLifecycle() {
    ComputeDomain domain = domain("nvl");
    String uid = domain.getMetadata().getUid();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client
                    .resources(ResourceClaimTemplate.class)
                    .inNamespace(NS)
                    .withName("nvl-channel")
                    .get()
                != null);

    Pod workload =
        pods.runUntilLogged(
            pods.pod(
                "imex-worker",
                "ls /dev/nvidia-caps-imex-channels; echo channel-ok; sleep 600",
                "nvl-channel",
                null),
            "channel-ok");

    assertThat(pods.log(workload)).contains("channel0");
    assertThat(domains.nodeLabel()).isEqualTo(uid);
    readyInItsClique(domain);

    pods.delete(workload);
    client.resource(domain).delete();

    await()
        .atMost(Duration.ofSeconds(90))
        .untilAsserted(() -> {
          assertThat(client.resource(domain).get()).isNull();
          assertThat(
                  client.apps().daemonSets().inNamespace(ChartPlugin.NAMESPACE).list().getItems())
              .noneMatch(d -> d.getMetadata().getName().contains(uid));
          assertThat(
                  client.resources(ResourceClaimTemplate.class).inAnyNamespace().list().getItems())
              .noneMatch(t ->
                  t.getMetadata().getName().contains(uid)
                      || t.getMetadata().getName().equals("nvl-channel"));
          assertThat(domains.nodeLabel()).isNull();
          assertThat(
                  client
                      .resources(ComputeDomainClique.class)
                      .inNamespace(ChartPlugin.NAMESPACE)
                      .list()
                      .getItems())
              .isEmpty();
        });
  }

  /** The node's daemon is Ready as index 0 of the domain's clique, and the domain is Ready. */
  private void readyInItsClique(ComputeDomain domain) {
    String uid = domain.getMetadata().getUid();
    ComputeDomainClique clique =
        client
            .resources(ComputeDomainClique.class)
            .inNamespace(ChartPlugin.NAMESPACE)
            .withName(uid + ".4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766")
            .get();
    assertThat(clique.getDaemons())
        .singleElement()
        .satisfies(d -> {
          assertThat(d.nodeName()).isEqualTo(RealNodeFixture.NODE);
          assertThat(d.status()).isEqualTo(DomainStatus.READY);
          assertThat(d.index()).isZero();
        });
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> {
          ComputeDomain current = client.resource(domain).get();
          assertThat(current.getStatus()).as("status of the domain").isNotNull();
          assertThat(current.getStatus().status()).isEqualTo(DomainStatus.READY);
          assertThat(current.getStatus().nodes())
              .singleElement()
              .satisfies(n -> assertThat(n.name()).isEqualTo(RealNodeFixture.NODE));
        });
  }

  @Test
  @DisplayName(
      "a channel claim on a node that serves another domain (its label) fails with an error naming"
          + " that domain, as the kubelet reports it; it runs once the node is free")
  void nodeOfAnotherDomain() {
    ComputeDomain first = domain("first");
    ComputeDomain second = domain("second");
    String firstUid = first.getMetadata().getUid();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client
                    .resources(ResourceClaimTemplate.class)
                    .inNamespace(NS)
                    .withName("second-channel")
                    .get()
                != null);
    // the node serves the first domain, as a channel claim of it left it
    domains.setNodeLabel(firstUid);

    client
        .resource(pods.pod("second-worker", "echo got-it; sleep 600", "second-channel", null))
        .create();

    await()
        .atMost(Duration.ofSeconds(90))
        .untilAsserted(() ->
            assertThat(
                    client.v1().events().inNamespace(NS).list().getItems().stream()
                        .filter(e -> "second-worker".equals(e.getInvolvedObject().getName()))
                        .map(e -> e.getMessage()))
                .anyMatch(m -> m.contains("is in ComputeDomain " + firstUid)));

    domains.setNodeLabel(null);
    await()
        .atMost(Duration.ofSeconds(150))
        .until(() ->
            pods.log(client.pods().inNamespace(NS).withName("second-worker").get())
                .contains("got-it"));
    assertThat(domains.nodeLabel()).isEqualTo(second.getMetadata().getUid());
    pods.delete(client.pods().inNamespace(NS).withName("second-worker").get());
    client.resource(second).delete();
    client.resource(first).delete();
    await().atMost(Duration.ofSeconds(90)).until(() -> domains.nodeLabel() == null);
  }

  @Test
  @DisplayName(
      "a 19th node is refused: its daemon cannot join the clique of 18 live daemons; the"
          + " domain's DaemonsRunning condition says so, and ChannelsReady names the waiting claim")
  void nineteenthNode() {
    ComputeDomain domain = domain("full");
    String uid = domain.getMetadata().getUid();
    String clique = "4c3d2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d.32766";
    FullClique full = new FullClique(client);
    ConfigMap owner = full.create(uid, clique);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client
                    .resources(ResourceClaimTemplate.class)
                    .inNamespace(NS)
                    .withName("full-channel")
                    .get()
                != null);

    client
        .resource(pods.pod("full-worker", "echo never; sleep 600", "full-channel", null))
        .create();

    await()
        .atMost(Duration.ofSeconds(120))
        .untilAsserted(() -> {
          ComputeDomain current = client.resource(domain).get();
          // no status yet is "not yet", not an error that would end the wait
          assertThat(current.getStatus()).as("status of the domain").isNotNull();
          assertThat(current.getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getType()).isEqualTo("DaemonsRunning");
                assertThat(c.getStatus()).isEqualTo("False");
                assertThat(c.getMessage())
                    .contains(
                        RealNodeFixture.NODE, "cannot add more nodes, already at maximum (18)");
              });
          assertThat(current.getStatus().conditions())
              .anySatisfy(c -> {
                assertThat(c.getType()).isEqualTo("ChannelsReady");
                assertThat(c.getStatus()).isEqualTo("False");
                assertThat(c.getMessage())
                    .contains(
                        "(pod full-worker): waits on node "
                            + RealNodeFixture.NODE
                            + ": no IMEX daemon joined there yet");
              });
        });
    assertThat(pods.log(client.pods().inNamespace(NS).withName("full-worker").get())).isEmpty();

    client.pods().inNamespace(NS).withName("full-worker").withGracePeriod(1).delete();
    client.resource(domain).delete();
    await().atMost(Duration.ofSeconds(90)).until(() -> client.resource(domain).get() == null);
    full.remove(uid, clique, owner);
  }

  @Test
  @Order(Integer.MAX_VALUE - 1)
  @DisplayName(
      "the chart's two ComputeDomain controllers: one led the whole suite, renewing its Lease as"
          + " the chart's account, and neither restarted")
  void oneControllerLedThroughout() throws InterruptedException {
    controller.assertLedThroughout(Duration.ofSeconds(60));
  }

  @Test
  @Order(Integer.MAX_VALUE)
  @DisplayName("helm uninstall leaves no pod, DaemonSet or Deployment of the release")
  void uninstallsCleanly() {
    pods.deleteAll();

    fixture.plugin().close();

    await()
        .atMost(Duration.ofSeconds(120))
        .untilAsserted(() -> {
          assertThat(client.pods().inNamespace(ChartPlugin.NAMESPACE).list().getItems())
              .extracting(p -> p.getMetadata().getName())
              .isEmpty();
          assertThat(
                  client.apps().daemonSets().inNamespace(ChartPlugin.NAMESPACE).list().getItems())
              .isEmpty();
          assertThat(
                  client.apps().deployments().inNamespace(ChartPlugin.NAMESPACE).list().getItems())
              .isEmpty();
        });
  }
}
