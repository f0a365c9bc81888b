package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.ComputeDomainStatus;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ComputeDomain CRDs (the chart's {@code crds/}, from the api module) in the real API server: a
 * user's manifest as NVIDIA's quickstart writes it is accepted and defaulted, the spec cannot
 * change, the status goes through its subresource, cliques take their daemons.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ComputeDomainApiE2E {
  private static final String NS = "default";

  private ControlPlaneProcess controlPlane;
  private KubernetesClient client;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    controlPlane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(), dir.resolve("cp"), Duration.ofSeconds(120));
    client = controlPlane.client();
    CrdInstall.install(client, ComputeDomainCrds.all());
  }

  @AfterAll
  void stop() {
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  private ComputeDomain quickstart(String name) {
    return client
        .resources(ComputeDomain.class)
        .inNamespace(NS)
        .resource(
            new ComputeDomain(
                new ObjectMetaBuilder().withName(name).build(),
                new ComputeDomainSpec(
                    null,
                    new ComputeDomainSpec.Channel(
                        new ComputeDomainSpec.ClaimTemplate(name + "-channel"), null)),
                null))
        .create();
  }

  @Test
  @DisplayName(
      "a ComputeDomain as users write it is accepted; the API server defaults allocationMode"
          + " Single and numNodes 0")
  void defaults() {
    ComputeDomain created = quickstart("defaults");

    assertThat(created.getSpec().numNodes()).isZero();
    assertThat(created.getSpec().channel().allocationMode())
        .isEqualTo(ChannelAllocationMode.SINGLE);
    assertThat(created.getSpec().channel().resourceClaimTemplate().name())
        .isEqualTo("defaults-channel");
  }

  @Test
  @DisplayName("a change of the spec is refused with NVIDIA's message")
  void specIsImmutable() {
    ComputeDomain created = quickstart("immutable");
    created.setSpec(new ComputeDomainSpec(2, created.getSpec().channel()));

    assertThatThrownBy(() -> client.resource(created).update())
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("A computeDomain.spec is immutable");
  }

  @Test
  @DisplayName(
      "an unknown allocationMode or a missing template name is refused by the schema, naming the"
          + " field")
  void schemaRefusesBadSpecs() {
    GenericKubernetesResource bad = new GenericKubernetesResource();
    bad.setApiVersion("resource.nvidia.com/v1beta1");
    bad.setKind("ComputeDomain");
    bad.setMetadata(new ObjectMetaBuilder().withName("bad").withNamespace(NS).build());
    bad.setAdditionalProperties(
        Map.of(
            "spec",
            Map.of(
                "channel", Map.of("resourceClaimTemplate", Map.of(), "allocationMode", "Some"))));

    assertThatThrownBy(() -> client.resource(bad).create())
        .hasMessageContaining("spec.channel.allocationMode")
        .hasMessageContaining("Unsupported value: \"Some\"")
        .hasMessageContaining("spec.channel.resourceClaimTemplate.name: Required value");
  }

  @Test
  @DisplayName(
      "status goes through the status subresource, nodes merged by name; kubectl's columns read"
          + " it")
  void statusSubresource() {
    ComputeDomain created = quickstart("status");
    created.setStatus(
        new ComputeDomainStatus(
            DomainStatus.READY,
            List.of(new ComputeDomainNode("node-a", "10.0.0.7", "c.1", 0, DomainStatus.READY)),
            null));

    ComputeDomain written = client.resource(created).updateStatus();

    assertThat(written.getStatus().nodes())
        .extracting(ComputeDomainNode::name)
        .containsExactly("node-a");
    assertThat(
            client
                .resources(ComputeDomain.class)
                .inNamespace(NS)
                .withName("status")
                .get()
                .getStatus()
                .status())
        .isEqualTo(DomainStatus.READY);
  }

  @Test
  @DisplayName("a clique named <domain UID>.<clique ID> takes its daemons' entries")
  void cliques() {
    ComputeDomain domain = quickstart("cliqued");
    String name = domain.getMetadata().getUid() + ".c.1";

    ComputeDomainClique clique =
        client
            .resource(
                new ComputeDomainClique(
                    new ObjectMetaBuilder().withName(name).withNamespace(NS).build(),
                    List.of(
                        new ComputeDomainDaemon(
                            "node-a", "10.0.0.7", "c.1", 0, DomainStatus.NOT_READY),
                        new ComputeDomainDaemon(
                            "node-b", "10.0.0.8", "c.1", 1, DomainStatus.READY))))
            .create();

    assertThat(clique.getDaemons()).extracting(ComputeDomainDaemon::index).containsExactly(0, 1);
  }
}
