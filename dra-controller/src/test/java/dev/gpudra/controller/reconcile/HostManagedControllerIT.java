package dev.gpudra.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.api.computedomain.ImexMode;
import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controllerkit.runtime.Launch;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** NVIDIA's hostManaged IMEX on the controller: no daemons, a Single-channel template, Ready. */
class HostManagedControllerIT {
  private static final String DRIVER_NS = "gpu-dra";

  private LocalApiServer api;
  private KubernetesClient client;
  private ComputeDomainController controller;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
    controller =
        ComputeDomainController.start(
            Launch.unelected(client),
            new DaemonSettings(
                DRIVER_NS,
                "gpu-dra:it",
                4,
                18,
                "HostManagedIMEXDaemon=true",
                List.of(),
                ImexMode.HOST_MANAGED),
            true,
            new DomainMetrics());
  }

  @AfterEach
  void stop() {
    if (controller != null) {
      controller.close();
    }
    api.close();
  }

  private ComputeDomain domain() {
    return client.resources(ComputeDomain.class).inNamespace("team-a").withName("imex").get();
  }

  private ResourceClaimTemplate template() {
    return client
        .resources(ResourceClaimTemplate.class)
        .inNamespace("team-a")
        .withName("imex-channel")
        .get();
  }

  @Test
  @DisplayName(
      "a domain of 4 nodes asking for All channels gets its finalizer, a workload template asking"
          + " for a Single channel, no daemon template nor DaemonSet, and is Ready; deleted, its"
          + " template goes with it")
  void templateOnlyAndReady() {
    String uid =
        client
            .resource(
                new ComputeDomain(
                    new ObjectMetaBuilder().withName("imex").withNamespace("team-a").build(),
                    new ComputeDomainSpec(
                        4,
                        new ComputeDomainSpec.Channel(
                            new ComputeDomainSpec.ClaimTemplate("imex-channel"),
                            ChannelAllocationMode.ALL)),
                    null))
            .create()
            .getMetadata()
            .getUid();

    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> {
          assertThat(domain().getStatus()).isNotNull();
          assertThat(domain().getStatus().status()).isEqualTo(DomainStatus.READY);
        });
    assertThat(domain().getMetadata().getFinalizers())
        .contains("resource.nvidia.com/computeDomain");
    assertThat(Serialization.asJson(template().getSpec()))
        .contains("\"domainID\":\"" + uid + "\"", "\"allocationMode\":\"Single\"");
    assertThat(
            client.resources(ResourceClaimTemplate.class).inNamespace(DRIVER_NS).list().getItems())
        .isEmpty();
    assertThat(client.apps().daemonSets().inNamespace(DRIVER_NS).list().getItems()).isEmpty();
    assertThat(domain().getStatus().nodes()).isEmpty();

    client.resource(domain()).delete();

    await().atMost(Duration.ofSeconds(20)).until(() -> domain() == null && template() == null);
  }
}
