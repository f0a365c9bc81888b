package dev.gpudra.api.nfd;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Our NFD CRDs against NFD's v0.19.0 ones (src/test/resources/nfd-crd-paths, read off NFD's CRD
 * file): the same property paths, neither more nor fewer, and NFD's scopes, short names, required
 * fields and enums.
 */
class NfdCrdsTest {
  /** One of NFD's CRDs: its path list and ours. */
  record Case(String name, String scope, Supplier<CustomResourceDefinition> ours) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<Case> CASES =
      List.of(
          new Case("nodefeatures", "Namespaced", NfdCrds::nodeFeatures),
          new Case("nodefeaturerules", "Cluster", NfdCrds::nodeFeatureRules),
          new Case("nodefeaturegroups", "Namespaced", NfdCrds::nodeFeatureGroups));

  @ParameterizedTest(name = "{0}")
  @FieldSource("CASES")
  @DisplayName("the property paths and scope of NFD's v0.19.0 CRD, exactly")
  void samePathsAsNfd(Case crd) {
    CustomResourceDefinition ours = crd.ours().get();
    Set<String> paths = new TreeSet<>();
    paths("", root(ours), paths);

    assertThat(paths).containsExactlyInAnyOrderElementsOf(nfdPaths(crd.name() + "-v0.19.0.txt"));
    assertThat(ours.getMetadata().getName()).isEqualTo(crd.name() + ".nfd.k8s-sigs.io");
    assertThat(ours.getSpec().getScope()).isEqualTo(crd.scope());
    assertThat(root(ours).getRequired()).containsExactly("spec");
  }

  @Test
  @DisplayName(
      "NFD's required fields, operators, short names, taint time format and the group's status")
  void nfdDetails() {
    JSONSchemaProps rule = at(root(NfdCrds.nodeFeatureRules()), "spec", "rules", "[]");
    JSONSchemaProps term = at(rule, "matchFeatures", "[]");
    JSONSchemaProps expression = term.getProperties().get("matchExpressions");
    JSONSchemaProps op = expression.getAdditionalProperties().getSchema();

    assertThat(rule.getRequired()).containsExactly("name");
    assertThat(term.getRequired()).containsExactly("feature");
    assertThat(op.getRequired()).containsExactly("op");
    assertThat(op.getProperties().get("op").getEnum())
        .extracting(n -> n.asText())
        .containsExactly(
            "In",
            "NotIn",
            "InRegexp",
            "Exists",
            "DoesNotExist",
            "Gt",
            "Ge",
            "Lt",
            "Le",
            "GtLt",
            "GeLe",
            "IsTrue",
            "IsFalse");
    assertThat(at(rule, "taints", "[]").getRequired()).containsExactlyInAnyOrder("key", "effect");
    assertThat(at(rule, "taints", "[]", "timeAdded").getFormat()).isEqualTo("date-time");
    assertThat(at(root(NfdCrds.nodeFeatures()), "spec", "features", "flags"))
        .extracting(f -> f.getAdditionalProperties().getSchema().getRequired())
        .isEqualTo(List.of("elements"));

    CustomResourceDefinition groups = NfdCrds.nodeFeatureGroups();
    JSONSchemaProps nodes = at(root(groups), "status", "nodes");
    assertThat(nodes.getXKubernetesListType()).isEqualTo("map");
    assertThat(nodes.getXKubernetesListMapKeys()).containsExactly("name");
    assertThat(groups.getSpec().getVersions().getFirst().getSubresources().getStatus()).isNotNull();
    assertThat(NfdCrds.nodeFeatureRules().getSpec().getVersions().getFirst().getSubresources())
        .isNull();
    assertThat(NfdCrds.all())
        .extracting(c -> c.getSpec().getNames().getShortNames())
        .containsExactly(null, List.of("nfg"), List.of("nfr"));
  }

  private static JSONSchemaProps root(CustomResourceDefinition crd) {
    return crd.getSpec().getVersions().getFirst().getSchema().getOpenAPIV3Schema();
  }

  private static JSONSchemaProps at(JSONSchemaProps schema, String... steps) {
    JSONSchemaProps at = schema;
    for (String step : steps) {
      at = step.equals("[]") ? at.getItems().getSchema() : at.getProperties().get(step);
    }
    return at;
  }

  /** {@code a.b} for a property, {@code a[]} for an array's items, {@code a.*} for map values. */
  private static void paths(String path, JSONSchemaProps schema, Set<String> out) {
    if (!path.isEmpty()) {
      out.add(path);
    }
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      paths(path + "[]", schema.getItems().getSchema(), out);
    }
    if (schema.getProperties() != null) {
      schema
          .getProperties()
          .forEach((name, child) -> paths(path.isEmpty() ? name : path + "." + name, child, out));
    }
    if (schema.getAdditionalProperties() != null
        && schema.getAdditionalProperties().getSchema() != null) {
      paths(path + ".*", schema.getAdditionalProperties().getSchema(), out);
    }
  }

  private static List<String> nfdPaths(String file) {
    try (InputStream in = NfdCrdsTest.class.getResourceAsStream("/nfd-crd-paths/" + file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
