package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Documents migrate does not change come out as they went in; the output is deterministic. */
class PassThroughTest {
  private static final String SERVICE =
      """
      # the service, written by hand
      apiVersion: v1
      kind: Service
      metadata: {name: web,   labels: {"app": web}}   # odd spacing, kept
      spec:
        ports: [{port: 80}]
      """;

  private static final String JSON_CONFIG_MAP =
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"on": "yes"}}
      """;

  private static final String GPU_POD =
      """
      # trains the model
      apiVersion: v1
      kind: Pod
      metadata: {name: train}
      spec:
        containers:
        - {name: cuda, resources: {limits: {nvidia.com/gpu: 1}}}
      """;

  @Test
  @DisplayName(
      "untouched documents (comments, odd spacing, JSON, comment-only) are printed as written, in"
          + " order; a rewritten one keeps its leading comments, after its template")
  void untouchedUnchanged() {
    String input =
        "---\n"
            + SERVICE
            + "---\n# nothing but a comment\n---\n"
            + GPU_POD
            + "---\n"
            + JSON_CONFIG_MAP
            + "\n\n";

    Migration migration = Migration.of(input);

    assertThat(migration.report()).isEmpty();
    assertThat(migration.output())
        .isEqualTo(
            SERVICE
                + "---\n# nothing but a comment\n---\n"
                + """
                apiVersion: resource.k8s.io/v1
                kind: ResourceClaimTemplate
                metadata:
                  name: train-cuda-gpu
                spec:
                  spec:
                    devices:
                      requests:
                      - exactly:
                          count: 1
                          deviceClassName: gpu.nvidia.com
                        name: gpu
                ---
                # trains the model
                apiVersion: v1
                kind: Pod
                metadata:
                  name: train
                spec:
                  containers:
                  - name: cuda
                    resources:
                      claims:
                      - name: cuda-gpu
                  resourceClaims:
                  - name: cuda-gpu
                    resourceClaimTemplateName: train-cuda-gpu
                ---
                """
                + JSON_CONFIG_MAP);
  }

  @Test
  @DisplayName("the same input gives the same output, byte for byte")
  void deterministic() {
    String input = GPU_POD + "---\n" + GPU_POD.replace("train", "eval");

    assertThat(Migration.of(input).output()).isEqualTo(Migration.of(input).output());
    assertThat(Migration.of(input).objects())
        .extracting(o -> o.path("kind").asText() + " " + o.at("/metadata/name").asText())
        .containsExactly(
            "ResourceClaimTemplate train-cuda-gpu",
            "Pod train",
            "ResourceClaimTemplate eval-cuda-gpu",
            "Pod eval");
  }

  @Test
  @DisplayName(
      "two workloads that would get the same template in one namespace: the second is reported;"
          + " in another namespace it is not")
  void templateNameTaken() {
    String deployment =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: train, namespace: %s}
        spec: {template: {spec: {containers: [{name: cuda, resources: {limits: {nvidia.com/gpu: 1}}}]}}}
        """;
    String input =
        GPU_POD
            + "---\n"
            + deployment.formatted("a")
            + "---\n"
            + deployment.formatted("b")
            + "---\n"
            + deployment.formatted("a");

    Migration migration = Migration.of(input);

    assertThat(migration.report())
        .containsExactly(
            "pods.yaml, document 4 (line 19): Deployment a/train: ResourceClaimTemplate"
                + " train-cuda-gpu is Deployment a/train (pods.yaml, document 2 (line 9))'s"
                + " already (left unchanged)");
    assertThat(migration.objects()).hasSize(7);
    assertThat(migration.output()).endsWith("---\n" + deployment.formatted("a"));
  }

  @Test
  @DisplayName(
      "a v1 List (kubectl get -o yaml): each item translated, its templates before it; the"
          + " others as written")
  void list() {
    Migration migration =
        Migration.of(
            """
            apiVersion: v1
            items:
            - {apiVersion: v1, kind: Service, metadata: {name: s}}
            - {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, resources: {limits: {nvidia.com/gpu: 1}}}]}}
            kind: List
            metadata: {resourceVersion: ""}
            """);

    assertThat(migration.report()).isEmpty();
    assertThat(migration.objects())
        .extracting(o -> o.path("kind").asText() + " " + o.at("/metadata/name").asText())
        .containsExactly("Service s", "ResourceClaimTemplate p-c-gpu", "Pod p");
    assertThat(migration.output())
        .startsWith(
            "apiVersion: v1\nitems:\n- {apiVersion: v1, kind: Service, metadata: {name: s}}\n"
                + "- apiVersion: resource.k8s.io/v1\n  kind: ResourceClaimTemplate\n")
        .endsWith("kind: List\nmetadata: {resourceVersion: \"\"}\n");
  }

  @Test
  @DisplayName("a List written in flow style is read whole, and its items translated")
  void flowList() {
    Migration migration =
        Migration.of(
            "{apiVersion: v1, kind: List, items: [{apiVersion: v1, kind: Pod, metadata: {name: p},"
                + " spec: {containers: [{name: c, resources: {limits: {nvidia.com/gpu: 1}}}]}}]}\n");

    assertThat(migration.report()).isEmpty();
    assertThat(migration.output()).startsWith("apiVersion: v1\nkind: List\nitems:\n");
    assertThat(migration.objects())
        .extracting(o -> o.path("kind").asText() + " " + o.at("/metadata/name").asText())
        .containsExactly("ResourceClaimTemplate p-c-gpu", "Pod p");
  }

  @Test
  @DisplayName(
      "a workload that uses YAML aliases is reported, not rewritten: the rewrite would lose what"
          + " they refer to")
  void aliases() {
    String input =
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p, labels: &labels {app: p}, annotations: *labels}
        spec:
          containers:
          - {name: c, resources: {limits: {nvidia.com/gpu: 1}}}
        """;

    Migration migration = Migration.of(input);

    assertThat(migration.report())
        .containsExactly(
            "pods.yaml, document 1 (line 1): Pod p: uses YAML aliases (*name), which a rewritten"
                + " document would lose (left unchanged)");
    assertThat(migration.output()).isEqualTo(input);
  }
}
