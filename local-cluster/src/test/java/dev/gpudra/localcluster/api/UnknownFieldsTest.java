package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class UnknownFieldsTest {
  private static final ObjectMapper YAML = new YAMLMapper();

  /** A CRD of kind Widget (example.com/v1) with spec.size and a free-form spec.extra. */
  private static final String WIDGET_CRD =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata: {name: widgets.example.com}
      spec:
        group: example.com
        scope: Namespaced
        names: {plural: widgets, kind: Widget}
        versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  properties:
                    size: {type: integer}
                    parts:
                      type: array
                      items: {type: object, properties: {name: {type: string}}}
                    labels: {type: object, additionalProperties: {type: string}}
                    extra: {type: object, x-kubernetes-preserve-unknown-fields: true}
      """;

  record Case(String name, String yaml, List<String> unknown) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "a Namespace with spec.foo",
            "{apiVersion: v1, kind: Namespace, metadata: {name: x}, spec: {foo: 1}}",
            List.of("spec.foo")),
        new Case(
            "labels and annotations are maps: any key",
            "{apiVersion: v1, kind: Namespace, metadata: {name: x, labels: {a: b},"
                + " annotations: {c: d}}}",
            List.of()),
        new Case(
            "a Pod's container field misspelt, in a list",
            "{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: a,"
                + " image: b, imagePullPolcy: Always}]}}",
            List.of("spec.containers[0].imagePullPolcy")),
        new Case(
            "quantities and int-or-strings are values, not objects",
            "{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: a,"
                + " resources: {limits: {cpu: 1}}, ports: [{containerPort: 80}]}]}}",
            List.of()),
        new Case(
            "a ResourceClaim's request misspelt",
            "{apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: c},"
                + " spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: g,"
                + " count: 1, cnt: 2}}]}}}",
            List.of("spec.devices.requests[0].exactly.cnt")),
        new Case(
            "compatibilityGroups (1.37, newer than fabric8's model) is known; a typo is not",
            "{apiVersion: resource.k8s.io/v1, kind: ResourceSlice, metadata: {name: s},"
                + " spec: {devices: [{name: d, consumesCounters: [{counterSet: c,"
                + " counters: {m: {value: 1}}, compatibilityGroups: [mig],"
                + " compatibilityGroup: [x]}]}]}}",
            List.of("spec.devices[0].consumesCounters[0].compatibilityGroup")),
        new Case(
            "a custom resource against its CRD's schema",
            "{apiVersion: example.com/v1, kind: Widget, metadata: {name: w, labelz: {}},"
                + " spec: {size: 1, colour: red, parts: [{name: a, weight: 2}],"
                + " labels: {any: thing}, extra: {anything: {goes: here}}}, status: {}}",
            List.of("metadata.labelz", "spec.colour", "spec.parts[0].weight", "status")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("unknown fields are named by path, as fieldValidation=Strict reports them")
  void unknown(Case c) throws Exception {
    String crd = json(WIDGET_CRD);
    UnknownFields fields = new UnknownFields(new CustomResources(() -> List.of(crd)));
    assertThat(fields.of(YAML.readTree(c.yaml()))).hasValue(c.unknown());
  }

  @Test
  @DisplayName("a custom resource without a stored CRD has no schema to check against")
  void noSchema() throws Exception {
    UnknownFields fields = new UnknownFields(new CustomResources(List::of));
    assertThat(fields.of(YAML.readTree("{apiVersion: example.com/v1, kind: Widget}"))).isEmpty();
  }

  @Test
  @DisplayName(
      "every CRD the charts ship is itself free of unknown fields (nested schemas included)")
  void chartCrds() throws Exception {
    UnknownFields fields = new UnknownFields(new CustomResources(List::of));
    Path charts = Path.of("..", "deployments", "helm");
    List<Path> crds;
    try (Stream<Path> files = Files.walk(charts)) {
      crds =
          files
              .filter(f -> f.toString().contains("/crds/") && f.toString().endsWith(".yaml"))
              .toList();
    }
    assertThat(crds).hasSizeGreaterThanOrEqualTo(8);
    for (Path crd : crds) {
      assertThat(fields.of(YAML.readTree(crd.toFile()))).as(crd.toString()).hasValue(List.of());
    }
  }

  private static String json(String yaml) throws Exception {
    JsonNode tree = YAML.readTree(yaml);
    return tree.toString();
  }
}
