package dev.gpudra.api.computedomain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComputeDomainTest {
  private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
  private final ObjectMapper json = new ObjectMapper();

  @Test
  @DisplayName("a user's ComputeDomain manifest, as NVIDIA's quickstart writes it, reads as is")
  void readsAUsersManifest() throws Exception {
    ComputeDomain domain =
        yaml.readValue(
            """
            apiVersion: resource.nvidia.com/v1beta1
            kind: ComputeDomain
            metadata:
              name: imex-channel-injection
            spec:
              numNodes: 1
              channel:
                resourceClaimTemplate:
                  name: imex-channel-0
            """,
            ComputeDomain.class);

    assertThat(domain.getMetadata().getName()).isEqualTo("imex-channel-injection");
    assertThat(domain.getSpec().numNodes()).isEqualTo(1);
    assertThat(domain.getSpec().channel().resourceClaimTemplate().name())
        .isEqualTo("imex-channel-0");
    assertThat(domain.getSpec().channel().allocationMode()).isNull(); // the API server defaults it
    assertThat(domain.getApiVersion()).isEqualTo("resource.nvidia.com/v1beta1");
  }

  @Test
  @DisplayName("status and cliques write NVIDIA's field names and enum strings, index always")
  void writesNvidiasNames() throws Exception {
    ComputeDomain domain =
        new ComputeDomain(
            new ObjectMetaBuilder().withName("cd").withNamespace("ns").build(),
            new ComputeDomainSpec(
                0,
                new ComputeDomainSpec.Channel(
                    new ComputeDomainSpec.ClaimTemplate("ch"), ChannelAllocationMode.ALL)),
            new ComputeDomainStatus(
                DomainStatus.NOT_READY,
                List.of(new ComputeDomainNode("n1", "10.0.0.1", "", -1, DomainStatus.READY)),
                null));
    String written = json.writeValueAsString(domain);

    assertThat(written)
        .contains("\"allocationMode\":\"All\"")
        .contains("\"status\":{\"status\":\"NotReady\"")
        .contains(
            "{\"name\":\"n1\",\"ipAddress\":\"10.0.0.1\",\"cliqueID\":\"\",\"index\":-1,\"status\":\"Ready\"}")
        .doesNotContain("conditions");
    assertThat(json.readValue(written, ComputeDomain.class)).isEqualTo(domain);

    ComputeDomainClique clique =
        new ComputeDomainClique(
            new ObjectMetaBuilder().withName("uid.clique").build(),
            List.of(new ComputeDomainDaemon("n1", "10.0.0.1", "c.1", 0, DomainStatus.NOT_READY)));
    assertThat(json.writeValueAsString(clique))
        .contains("\"kind\":\"ComputeDomainClique\"")
        .contains(
            "\"daemons\":[{\"nodeName\":\"n1\",\"ipAddress\":\"10.0.0.1\",\"cliqueID\":\"c.1\",\"index\":0,\"status\":\"NotReady\"}]");
  }

  @Test
  @DisplayName("an unknown status or allocation mode is an error naming the accepted values")
  void unknownEnumValues() {
    assertThatThrownBy(() ->
            json.readValue(
                "{\"resourceClaimTemplate\":{\"name\":\"x\"},\"allocationMode\":\"Some\"}",
                ComputeDomainSpec.Channel.class))
        .isInstanceOf(ValueInstantiationException.class)
        .hasMessageContaining("allocationMode must be All or Single, got \"Some\"");
    assertThatThrownBy(() -> DomainStatus.of("ready"))
        .hasMessage("status must be Ready or NotReady, got \"ready\"");
  }
}
