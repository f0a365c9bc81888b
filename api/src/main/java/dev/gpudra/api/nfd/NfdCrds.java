package dev.gpudra.api.nfd;

import dev.gpudra.api.schema.RecordSchemas;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * NFD's CustomResourceDefinitions ({@code nfd.k8s-sigs.io/v1alpha1}): NodeFeature and
 * NodeFeatureGroup in a namespace, NodeFeatureRule cluster-wide, with NFD's names, short names and
 * the group's status subresource; the schemas from the spec records, plus the two things records do
 * not say (the format of a taint's {@code timeAdded}, the group's members as a list keyed by name).
 */
public final class NfdCrds {
  public static final String GROUP = "nfd.k8s-sigs.io";
  public static final String VERSION = "v1alpha1";

  private NfdCrds() {}

  /** All three, in NFD's order. */
  public static List<CustomResourceDefinition> all() {
    return List.of(nodeFeatures(), nodeFeatureGroups(), nodeFeatureRules());
  }

  public static CustomResourceDefinition nodeFeatures() {
    return crd(
        new Kind("NodeFeature", "Namespaced", null),
        root(
            "NodeFeature: the features and labels one source found on one node",
            spec(NodeFeatureSpec.class),
            null),
        false);
  }

  public static CustomResourceDefinition nodeFeatureRules() {
    JSONSchemaProps spec = spec(NodeFeatureRuleSpec.class);
    path(spec, "rules", "[]", "taints", "[]", "timeAdded").setFormat("date-time");
    return crd(
        new Kind("NodeFeatureRule", "Cluster", "nfr"),
        root("NodeFeatureRule: rules that turn nodes' features into labels", spec, null),
        false);
  }

  public static CustomResourceDefinition nodeFeatureGroups() {
    JSONSchemaProps status = new RecordSchemas().of(NodeFeatureGroupSpec.Status.class);
    JSONSchemaProps nodes = path(status, "nodes");
    nodes.setXKubernetesListType("map");
    nodes.setXKubernetesListMapKeys(List.of("name"));
    return crd(
        new Kind("NodeFeatureGroup", "Namespaced", "nfg"),
        root(
            "NodeFeatureGroup: the nodes whose features match its rules",
            spec(NodeFeatureGroupSpec.class),
            status),
        true);
  }

  private static JSONSchemaProps spec(Class<?> type) {
    return new RecordSchemas().of(type);
  }

  private static JSONSchemaProps root(
      String description, JSONSchemaProps spec, JSONSchemaProps status) {
    Map<String, JSONSchemaProps> properties = new LinkedHashMap<>();
    properties.put("apiVersion", new JSONSchemaPropsBuilder().withType("string").build());
    properties.put("kind", new JSONSchemaPropsBuilder().withType("string").build());
    properties.put("metadata", new JSONSchemaPropsBuilder().withType("object").build());
    properties.put("spec", spec);
    if (status != null) {
      properties.put("status", status);
    }
    return new JSONSchemaPropsBuilder()
        .withType("object")
        .withDescription(description)
        .withProperties(properties)
        .withRequired("spec")
        .build();
  }

  /** The schema at {@code steps} below {@code schema}: property names, {@code []} for items. */
  private static JSONSchemaProps path(JSONSchemaProps schema, String... steps) {
    JSONSchemaProps at = schema;
    for (String step : steps) {
      at = step.equals("[]") ? at.getItems().getSchema() : at.getProperties().get(step);
    }
    return at;
  }

  /** A kind's names and scope; {@code shortName} may be null. */
  private record Kind(String name, String scope, String shortName) {}

  private static CustomResourceDefinition crd(
      Kind kind, JSONSchemaProps schema, boolean statusSubresource) {
    String singular = kind.name().toLowerCase(Locale.ROOT);
    String plural = singular + "s";
    CustomResourceDefinitionVersionBuilder version =
        new CustomResourceDefinitionVersionBuilder()
            .withName(VERSION)
            .withServed(true)
            .withStorage(true)
            .withNewSchema()
            .withOpenAPIV3Schema(schema)
            .endSchema();
    if (statusSubresource) {
      version.withNewSubresources().withNewStatus().endStatus().endSubresources();
    }
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName(plural + "." + GROUP)
        .endMetadata()
        .withNewSpec()
        .withGroup(GROUP)
        .withScope(kind.scope())
        .withNewNames()
        .withKind(kind.name())
        .withListKind(kind.name() + "List")
        .withPlural(plural)
        .withSingular(singular)
        .withShortNames(kind.shortName() == null ? null : List.of(kind.shortName()))
        .endNames()
        .withVersions(version.build())
        .endSpec()
        .build();
  }
}
