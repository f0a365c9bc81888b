package dev.gpudra.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainBinding;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controllerkit.runtime.Launch;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * ComputeDomainBindingConditions on the in-process API server: a channel claim held in PreBind
 * (allocated with the channel's binding conditions) gets its node labelled with the domain, then
 * its binding condition once the node's daemon is ready; a node of another domain fails it.
 */
class ChannelBindingsIT {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

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
    client
        .resource(new NodeBuilder().withNewMetadata().withName("node-b").endMetadata().build())
        .create();
    controller =
        ComputeDomainController.start(
            Launch.unelected(client),
            new DaemonSettings(
                DomainFixtures.DRIVER_NS,
                "gpu-dra:it",
                4,
                18,
                "ComputeDomainBindingConditions=true",
                List.of(),
                dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED),
            true,
            new DomainMetrics());
  }

  @AfterEach
  void stop() {
    controller.close();
    api.close();
  }

  private String domain() {
    return domain("team-a");
  }

  private String domain(String namespace) {
    return client
        .resource(
            new ComputeDomain(
                new ObjectMetaBuilder().withName("imex").withNamespace(namespace).build(),
                new ComputeDomainSpec(
                    0,
                    new ComputeDomainSpec.Channel(
                        new ComputeDomainSpec.ClaimTemplate("imex-channel"), null)),
                null))
        .create()
        .getMetadata()
        .getUid();
  }

  /** A claim from the domain's workload template, allocated on the node and held in PreBind. */
  private void heldClaim(String uid, String node) {
    ResourceClaim claim =
        client.resource(YAML.unmarshal(CLAIM.formatted(uid), ResourceClaim.class)).create();
    claim.setStatus(
        YAML.unmarshal(
                STATUS.formatted(node, ComputeDomainBinding.READY, ComputeDomainBinding.FAILED),
                ResourceClaim.class)
            .getStatus());
    client.resource(claim).updateStatus();
  }

  private Optional<Condition> condition(String type) {
    ResourceClaim claim =
        client.resources(ResourceClaim.class).inNamespace("team-a").withName("channel").get();
    return claim.getStatus().getDevices() == null
        ? Optional.empty()
        : claim.getStatus().getDevices().stream()
            .flatMap(d -> d.getConditions().stream())
            .filter(c -> type.equals(c.getType()))
            .findFirst();
  }

  private String nodeDomain(String node) {
    return client
        .nodes()
        .withName(node)
        .get()
        .getMetadata()
        .getLabels()
        .get(ComputeDomainLabels.DOMAIN);
  }

  @Test
  @DisplayName(
      "the channel's node is labelled with the domain; the binding condition is True once the"
          + " node's daemon is ready, not before")
  void labelsThenReady() {
    String uid = domain();
    heldClaim(uid, "node-a");

    await().atMost(Duration.ofSeconds(20)).until(() -> uid.equals(nodeDomain("node-a")));
    assertThat(condition(ComputeDomainBinding.READY)).as("no daemon yet").isEmpty();

    client.resource(DomainFixtures.daemonPod(uid, "node-a")).create();
    client
        .resource(
            DomainFixtures.clique(
                uid,
                new ComputeDomainDaemon(
                    "node-a", "10.0.0.1", DomainFixtures.CLIQUE, 0, DomainStatus.READY)))
        .create();

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() ->
            assertThat(condition(ComputeDomainBinding.READY))
                .hasValueSatisfying(c -> {
                  assertThat(c.getStatus()).isEqualTo("True");
                  assertThat(c.getReason()).isEqualTo("IMEXDaemonReady");
                  assertThat(c.getMessage())
                      .isEqualTo(
                          "the IMEX daemon on node node-a is ready in ComputeDomain team-a/imex ("
                              + uid
                              + ")");
                }));
  }

  @Test
  @DisplayName("a node that serves another domain fails the binding and keeps its label")
  void anotherDomainsNode() {
    String other = domain("team-b");
    client
        .nodes()
        .withName("node-b")
        .edit(n ->
            new NodeBuilder(n)
                .editMetadata()
                .addToLabels(ComputeDomainLabels.DOMAIN, other)
                .endMetadata()
                .build());
    String uid = domain();
    heldClaim(uid, "node-b");

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() ->
            assertThat(condition(ComputeDomainBinding.FAILED))
                .hasValueSatisfying(c -> {
                  assertThat(c.getReason()).isEqualTo("NodeInAnotherDomain");
                  assertThat(c.getMessage())
                      .startsWith("node node-b serves ComputeDomain " + other);
                }));
    assertThat(nodeDomain("node-b")).isEqualTo(other);
  }

  private static final String CLAIM =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: channel
        namespace: team-a
        labels:
          resource.nvidia.com/computeDomain: %s
          resource.nvidia.com/computeDomainTarget: Workload
      spec:
        devices:
          requests:
          - name: channel
            exactly: {deviceClassName: compute-domain-default-channel.nvidia.com}
      """;

  private static final String STATUS =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: channel, namespace: team-a}
      status:
        allocation:
          devices:
            results:
            - request: channel
              driver: compute-domain.nvidia.com
              pool: %s
              device: channel-0
              bindingConditions: [%s]
              bindingFailureConditions: [%s]
        reservedFor:
        - {resource: pods, name: worker, uid: 5c4c1a0e-0000-4000-8000-000000000001}
      """;
}
