package dev.gpudra.api.computedomain;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceColumnDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComputeDomainCrdsTest {
  private static CustomResourceDefinitionVersion version(CustomResourceDefinition crd) {
    return crd.getSpec().getVersions().getFirst();
  }

  private static JSONSchemaProps at(JSONSchemaProps schema, String... path) {
    JSONSchemaProps current = schema;
    for (String step : path) {
      current =
          step.equals("[]") ? current.getItems().getSchema() : current.getProperties().get(step);
    }
    return current;
  }

  @Test
  @DisplayName(
      "ComputeDomain: NVIDIA's names, one served and stored v1beta1 with the status subresource")
  void computeDomainNames() {
    CustomResourceDefinition crd = ComputeDomainCrds.computeDomains();

    assertThat(crd.getMetadata().getName()).isEqualTo("computedomains.resource.nvidia.com");
    assertThat(crd.getSpec().getScope()).isEqualTo("Namespaced");
    assertThat(crd.getSpec().getNames().getKind()).isEqualTo("ComputeDomain");
    assertThat(crd.getSpec().getNames().getListKind()).isEqualTo("ComputeDomainList");
    assertThat(crd.getSpec().getVersions()).hasSize(1);
    assertThat(version(crd).getName()).isEqualTo("v1beta1");
    assertThat(version(crd).getServed()).isTrue();
    assertThat(version(crd).getStorage()).isTrue();
    assertThat(version(crd).getSubresources().getStatus()).isNotNull();
  }

  @Test
  @DisplayName(
      "the spec is immutable with NVIDIA's message; channel and its template name are required;"
          + " allocationMode Single and numNodes 0 by default")
  void specRules() {
    JSONSchemaProps spec =
        at(version(ComputeDomainCrds.computeDomains()).getSchema().getOpenAPIV3Schema(), "spec");

    assertThat(spec.getXKubernetesValidations())
        .singleElement()
        .satisfies(r -> {
          assertThat(r.getRule()).isEqualTo("self == oldSelf");
          assertThat(r.getMessage()).isEqualTo("A computeDomain.spec is immutable");
        });
    assertThat(spec.getRequired()).containsExactly("channel");
    assertThat(at(spec, "channel").getRequired()).containsExactly("resourceClaimTemplate");
    assertThat(at(spec, "channel", "resourceClaimTemplate").getRequired()).containsExactly("name");
    JSONSchemaProps mode = at(spec, "channel", "allocationMode");
    assertThat(mode.getEnum())
        .extracting(Object::toString)
        .containsExactly("\"All\"", "\"Single\"");
    assertThat(mode.getDefault().asText()).isEqualTo("Single");
    assertThat(at(spec, "numNodes").getDefault().asInt()).isZero();
    assertThat(at(spec, "numNodes").getMinimum()).isZero();
  }

  @Test
  @DisplayName(
      "status: Ready/NotReady (NotReady by default), nodes and conditions merged by name and by"
          + " type, each key required")
  void statusRules() {
    JSONSchemaProps status =
        at(version(ComputeDomainCrds.computeDomains()).getSchema().getOpenAPIV3Schema(), "status");

    assertThat(status.getRequired()).containsExactly("status");
    assertThat(at(status, "status").getDefault().asText()).isEqualTo("NotReady");
    assertThat(at(status, "nodes").getXKubernetesListType()).isEqualTo("map");
    assertThat(at(status, "nodes").getXKubernetesListMapKeys()).containsExactly("name");
    assertThat(at(status, "nodes", "[]").getRequired()).contains("name");
    assertThat(at(status, "nodes", "[]", "index").getType()).isEqualTo("integer");
    assertThat(at(status, "conditions").getXKubernetesListMapKeys()).containsExactly("type");
    assertThat(at(status, "conditions", "[]").getRequired())
        .containsExactly("type", "status", "lastTransitionTime", "reason", "message");
  }

  @Test
  @DisplayName("kubectl get shows status, nodes and age (NVIDIA's CRD shows only the name)")
  void printerColumns() {
    assertThat(version(ComputeDomainCrds.computeDomains()).getAdditionalPrinterColumns())
        .extracting(
            CustomResourceColumnDefinition::getName, CustomResourceColumnDefinition::getJsonPath)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Status", ".status.status"),
            org.assertj.core.groups.Tuple.tuple("Nodes", ".status.nodes[*].name"),
            org.assertj.core.groups.Tuple.tuple("Age", ".metadata.creationTimestamp"));
  }

  @Test
  @DisplayName("ComputeDomainClique: no status subresource, top-level daemons merged by node name")
  void cliqueSchema() {
    CustomResourceDefinition crd = ComputeDomainCrds.computeDomainCliques();
    JSONSchemaProps daemons = at(version(crd).getSchema().getOpenAPIV3Schema(), "daemons");

    assertThat(crd.getMetadata().getName()).isEqualTo("computedomaincliques.resource.nvidia.com");
    assertThat(version(crd).getSubresources()).isNull();
    assertThat(daemons.getXKubernetesListType()).isEqualTo("map");
    assertThat(daemons.getXKubernetesListMapKeys()).containsExactly("nodeName");
    assertThat(at(daemons, "[]").getProperties().keySet())
        .containsExactly("nodeName", "ipAddress", "cliqueID", "index", "status");
  }
}
