package dev.gpudra.controllerkit.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.ComputeDomainStatus;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Status writes against the in-process API server with the ComputeDomain CRD: a changed status is
 * patched into the status subresource, an unchanged one costs no write, and the two patch forms
 * differ in what happens to a field the new status leaves out.
 */
class StatusWriterIT {
  private static final Condition WAITING =
      new ConditionBuilder()
          .withType("DaemonsRunning")
          .withStatus("False")
          .withReason("Pending")
          .withMessage("node-a: pending")
          .build();
  private static final ComputeDomainStatus NOT_READY =
      new ComputeDomainStatus(DomainStatus.NOT_READY, List.of(), List.of(WAITING));
  private static final ComputeDomainStatus READY =
      new ComputeDomainStatus(
          DomainStatus.READY,
          List.of(new ComputeDomainNode("node-a", "10.0.0.1", "c.1", 0, DomainStatus.READY)),
          List.of());

  private LocalApiServer api;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    api = new LocalApiServer().start();
    client = api.client();
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
    client
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

  @AfterEach
  void stop() {
    api.close();
  }

  @Test
  @DisplayName("a status unlike the cached one is written; the same status again is not")
  void writesOnlyChanges() {
    StatusWriter<ComputeDomain, ComputeDomainStatus> writer = writer(StatusPatch.REPLACE);
    assertThat(writer.writeIfChanged(domain(), NOT_READY)).isTrue();
    ComputeDomain written = domain();
    assertThat(written.getStatus()).isEqualTo(NOT_READY);
    String version = written.getMetadata().getResourceVersion();

    assertThat(writer.changed(written, NOT_READY)).isFalse();
    assertThat(writer.writeIfChanged(written, NOT_READY)).isFalse();
    assertThat(domain().getMetadata().getResourceVersion()).isEqualTo(version);
  }

  /** One patch form, and the conditions a status without any leaves on the server. */
  record Case(String name, StatusPatch patch, List<Condition> conditionsAfter) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> forms() {
    return Stream.of(
        new Case("REPLACE: a condition the new status lacks goes", StatusPatch.REPLACE, List.of()),
        new Case(
            "MERGE: a condition the new status lacks stays", StatusPatch.MERGE, List.of(WAITING)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forms")
  @DisplayName("the patch form decides what a field left out of the new status does")
  void forms(Case c) {
    StatusWriter<ComputeDomain, ComputeDomainStatus> writer = writer(c.patch());
    writer.write(domain(), NOT_READY);
    assertThat(writer.writeIfChanged(domain(), READY)).isTrue();
    ComputeDomainStatus after = domain().getStatus();
    assertThat(after.status()).isEqualTo(DomainStatus.READY);
    assertThat(after.nodes()).isEqualTo(READY.nodes());
    assertThat(after.conditions()).isEqualTo(c.conditionsAfter());
  }

  private StatusWriter<ComputeDomain, ComputeDomainStatus> writer(StatusPatch patch) {
    return new StatusWriter<>(client, ComputeDomain.class, ComputeDomain::getStatus, patch);
  }

  private ComputeDomain domain() {
    return client.resources(ComputeDomain.class).inNamespace("team-a").withName("imex").get();
  }
}
