package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainBinding;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
 * ComputeDomainBindingConditions on the real node (Kubernetes 1.37): the chart's compute-domain
 * plugin publishes its channel with binding conditions, kube-scheduler holds the workload in
 * PreBind, the chart's controller labels the node (the daemon comes), then writes the binding
 * condition through the API server's status authorization ({@code arbitrary-node}); only then is
 * the pod bound and the real kubelet prepares its channel. A node that serves another domain fails
 * the binding instead of a prepare.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeComputeDomainBindingE2E {
  private static final String NS = "default";

  private RealNodeFixture fixture;
  private NodePods pods;
  private KubernetesClient client;
  private NodeDomains domains;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture =
        RealNodeFixture.start(
            dir,
            "gb200-nvl",
            List.of(
                "resources.computeDomains.enabled=true",
                "featureGates.ComputeDomainBindingConditions=true"));
    pods = fixture.pods();
    client = fixture.controlPlane().client();
    domains = new NodeDomains(client, NS);
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
  }

  private ComputeDomain domain(String name) {
    ComputeDomain domain = domains.create(name);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client
                    .resources(ResourceClaimTemplate.class)
                    .inNamespace(NS)
                    .withName(name + "-channel")
                    .get()
                != null);
    return domain;
  }

  private Optional<Condition> condition(ResourceClaim claim, String type) {
    return claim.getStatus().getDevices() == null
        ? Optional.empty()
        : claim.getStatus().getDevices().stream()
            .filter(d -> d.getConditions() != null)
            .flatMap(d -> d.getConditions().stream())
            .filter(c -> type.equals(c.getType()))
            .findFirst();
  }

  @Test
  @Order(1)
  @DisplayName(
      "the workload binds only after the controller's binding condition, then gets IMEX channel 0"
          + " from the real kubelet")
  void bindsOnceTheDaemonIsReady() {
    ComputeDomain domain = domain("bound");
    Pod workload =
        pods.runUntilLogged(
            pods.pod(
                "bound-worker",
                "ls /dev/nvidia-caps-imex-channels; echo channel-ok; sleep 600",
                "bound-channel",
                null),
            "channel-ok");

    assertThat(pods.log(workload)).contains("channel0");
    ResourceClaim claim = pods.claimOf(workload);
    assertThat(
            claim
                .getStatus()
                .getAllocation()
                .getDevices()
                .getResults()
                .getFirst()
                .getBindingConditions())
        .containsExactly(ComputeDomainBinding.READY);
    assertThat(condition(claim, ComputeDomainBinding.READY))
        .hasValueSatisfying(c -> {
          assertThat(c.getStatus()).isEqualTo("True");
          assertThat(c.getReason()).isEqualTo("IMEXDaemonReady");
        });
    assertThat(
            client.v1().events().inNamespace(NS).list().getItems().stream()
                .filter(e -> "bound-worker".equals(e.getInvolvedObject().getName()))
                .map(e -> e.getReason()))
        .contains("BindingConditionsPending");

    pods.delete(workload);
    client.resource(domain).delete();
    await().atMost(Duration.ofSeconds(90)).until(() -> domains.nodeLabel() == null);
  }

  @Test
  @Order(2)
  @DisplayName(
      "a node that serves another domain fails the binding: PodScheduled False names that domain,"
          + " and the pod never reaches the kubelet")
  void anotherDomainsNode() {
    ComputeDomain first = domain("first");
    ComputeDomain second = domain("second");
    String firstUid = first.getMetadata().getUid();
    domains.setNodeLabel(firstUid);

    client
        .resource(pods.pod("second-worker", "echo got-it; sleep 600", "second-channel", null))
        .create();

    await()
        .atMost(Duration.ofSeconds(90))
        .untilAsserted(() ->
            assertThat(scheduled(client.pods().inNamespace(NS).withName("second-worker").get()))
                .hasValueSatisfying(c -> {
                  assertThat(c.getReason()).isEqualTo("SchedulerError");
                  assertThat(c.getMessage())
                      .contains(
                          "device binding failed",
                          "reason=NodeInAnotherDomain",
                          "serves ComputeDomain " + firstUid);
                }));
    assertThat(
            client.pods().inNamespace(NS).withName("second-worker").get().getSpec().getNodeName())
        .isNull();

    client.pods().inNamespace(NS).withName("second-worker").withGracePeriod(1).delete();
    domains.setNodeLabel(null);
    client.resource(second).delete();
    client.resource(first).delete();
  }

  private static Optional<PodCondition> scheduled(Pod pod) {
    return pod.getStatus() == null || pod.getStatus().getConditions() == null
        ? Optional.empty()
        : pod.getStatus().getConditions().stream()
            .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()))
            .findFirst();
  }
}
