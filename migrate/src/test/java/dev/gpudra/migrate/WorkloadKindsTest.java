package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Where each kind keeps its pod template, and where the GPU count is read from. */
class WorkloadKindsTest {
  private static final String CONTAINERS =
      "containers: [{name: app, resources: {limits: {nvidia.com/gpu: 2}}}]";

  static Stream<Arguments> kinds() {
    return Stream.of(
        kind("v1", "Pod", "/spec", "spec: {%s}"),
        kind("apps/v1", "Deployment", "/spec/template/spec", "spec: {template: {spec: {%s}}}"),
        kind("apps/v1", "StatefulSet", "/spec/template/spec", "spec: {template: {spec: {%s}}}"),
        kind("apps/v1", "DaemonSet", "/spec/template/spec", "spec: {template: {spec: {%s}}}"),
        kind("apps/v1", "ReplicaSet", "/spec/template/spec", "spec: {template: {spec: {%s}}}"),
        kind(
            "v1", "ReplicationController", "/spec/template/spec", "spec: {template: {spec: {%s}}}"),
        kind("v1", "PodTemplate", "/template/spec", "template: {spec: {%s}}"),
        kind("batch/v1", "Job", "/spec/template/spec", "spec: {template: {spec: {%s}}}"),
        kind(
            "batch/v1",
            "CronJob",
            "/spec/jobTemplate/spec/template/spec",
            "spec: {schedule: '@daily', jobTemplate: {spec: {template: {spec: {%s}}}}}"));
  }

  private static Arguments kind(String apiVersion, String kind, String podSpec, String spec) {
    String yaml =
        "apiVersion: "
            + apiVersion
            + "\nkind: "
            + kind
            + "\nmetadata: {name: w}\n"
            + spec.formatted(CONTAINERS)
            + "\n";
    return Arguments.of(kind, podSpec, yaml);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  @DisplayName("each kind's pod template gets the claim, named after the workload and container")
  void podTemplatePath(String kind, String podSpec, String yaml) {
    Migration migration = Migration.of(yaml);

    assertThat(migration.report()).isEmpty();
    JsonNode spec = migration.object(kind, "w").at(podSpec);
    assertThat(spec.at("/resourceClaims/0/name").asText()).isEqualTo("app-gpu");
    assertThat(spec.at("/resourceClaims/0/resourceClaimTemplateName").asText())
        .isEqualTo("w-app-gpu");
    assertThat(spec.at("/containers/0/resources/claims/0/name").asText()).isEqualTo("app-gpu");
    assertThat(spec.at("/containers/0/resources").has("limits")).isFalse();
    assertThat(
            migration
                .object("ResourceClaimTemplate", "w-app-gpu")
                .at("/spec/spec/devices/requests/0/exactly/count")
                .asLong())
        .isEqualTo(2);
  }

  static Stream<Arguments> counts() {
    return Stream.of(
        Arguments.of("limits only", "limits: {nvidia.com/gpu: 3}", 3),
        Arguments.of("requests only (the intent is plain)", "requests: {nvidia.com/gpu: 3}", 3),
        Arguments.of(
            "requests equal to limits, one a string",
            "limits: {nvidia.com/gpu: '3'}, requests: {nvidia.com/gpu: 3}",
            3));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("counts")
  @DisplayName("the count is the limit, else the request; both leave the container")
  void count(String name, String resources, long count) {
    Migration migration =
        Migration.of(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n"
                + "    resources: {"
                + resources
                + "}\n");

    assertThat(migration.report()).isEmpty();
    assertThat(
            migration
                .object("ResourceClaimTemplate", "p-c-gpu")
                .at("/spec/spec/devices/requests/0/exactly/count")
                .asLong())
        .isEqualTo(count);
    assertThat(migration.object("Pod", "p").at("/spec/containers/0/resources").toString())
        .isEqualTo("{\"claims\":[{\"name\":\"c-gpu\"}]}");
  }
}
