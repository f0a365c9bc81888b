package dev.gpudra.allocator.explain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Which claims explain looks at, and in what shape, for each kind of object a user hands in. */
class ClaimSourcesTest {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private static List<HasMetadata> objects(String yaml) {
    return Arrays.stream(yaml.split("(?m)^---\\s*$"))
        .filter(d -> !d.isBlank())
        .map(d -> (HasMetadata) YAML.unmarshal(d))
        .toList();
  }

  private static DeviceClass deviceClass(String name, String extendedResource, String created) {
    return new DeviceClassBuilder()
        .withNewMetadata()
        .withName(name)
        .withCreationTimestamp(created)
        .endMetadata()
        .withNewSpec()
        .withExtendedResourceName(extendedResource)
        .endSpec()
        .build();
  }

  private static final Map<String, DeviceClass> CLASSES = classes();

  private static Map<String, DeviceClass> classes() {
    Map<String, DeviceClass> classes = new LinkedHashMap<>();
    for (DeviceClass c :
        List.of(
            deviceClass("gpu.nvidia.com", "nvidia.com/gpu", "2025-01-01T00:00:00Z"),
            deviceClass("old-gpu", "nvidia.com/gpu", "2024-01-01T00:00:00Z"),
            deviceClass("mig-1g.10gb.nvidia.com", null, null))) {
      classes.put(c.getMetadata().getName(), c);
    }
    return classes;
  }

  private static List<ClaimToExplain> claims(String yaml) {
    return new ClaimSources(objects(yaml), CLASSES).claims();
  }

  /** {@code name: class xN [admin]} per request; {@code name: a|b} for firstAvailable. */
  private static List<String> requests(ClaimToExplain claim) {
    return claim.claim().getSpec().getDevices().getRequests().stream()
        .map(ClaimSourcesTest::describe)
        .toList();
  }

  private static String describe(DeviceRequest r) {
    if (r.getExactly() == null) {
      return r.getName()
          + ": "
          + String.join(
              "|",
              r.getFirstAvailable().stream()
                  .map(s -> s.getName() + "=" + s.getDeviceClassName())
                  .toList());
    }
    var e = r.getExactly();
    return r.getName()
        + ": "
        + e.getDeviceClassName()
        + (e.getCount() == null ? "" : " x" + e.getCount())
        + (Boolean.TRUE.equals(e.getAdminAccess()) ? " admin" : "")
        + (e.getSelectors().isEmpty()
            ? ""
            : " " + e.getSelectors().getFirst().getCel().getExpression());
  }

  record Case(String name, String yaml, List<String> labels, List<String> requests) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final String TEMPLATE_V1 =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata: {name: one-gpu, namespace: ml}
      spec:
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.nvidia.com, count: 2}
      """;

  /** A workload whose pod template uses the claim template {@code TEMPLATE_V1} defines. */
  private static Case workload(String description, String kind, String apiVersion) {
    return new Case(
        description,
        TEMPLATE_V1 + withPodSpec(kind, apiVersion, "spec:\n  template:\n    spec:\n"),
        List.of("ResourceClaimTemplate ml/one-gpu", kind + " ml/work claim gpus"),
        List.of("gpu: gpu.nvidia.com x2", "gpu: gpu.nvidia.com x2"));
  }

  private static String withPodSpec(String kind, String apiVersion, String wrap) {
    String podSpec =
        """
        resourceClaims:
        - {name: gpus, resourceClaimTemplateName: one-gpu}
        containers:
        - name: main
          image: x
        """;
    String indented = podSpec.indent(wrap.length());
    return "---\napiVersion: "
        + apiVersion
        + "\nkind: "
        + kind
        + "\nmetadata: {name: work, namespace: ml}\n"
        + wrap.stripTrailing()
        + "\n"
        + indented;
  }

  static Stream<Case> olderVersions() {
    return Stream.of(
        new Case(
            "v1beta1 claim: the request's own fields move under exactly",
            """
            apiVersion: resource.k8s.io/v1beta1
            kind: ResourceClaim
            metadata: {name: old, namespace: ml}
            spec:
              devices:
                requests:
                - name: gpu
                  deviceClassName: gpu.nvidia.com
                  count: 2
                  adminAccess: true
                  selectors:
                  - cel: {expression: "device.attributes['gpu.nvidia.com'].type == 'gpu'"}
                - name: any
                  firstAvailable:
                  - {name: mig, deviceClassName: mig-1g.10gb.nvidia.com}
                  - {name: full, deviceClassName: gpu.nvidia.com}
            """,
            List.of("ResourceClaim ml/old"),
            List.of(
                "gpu: gpu.nvidia.com x2 admin device.attributes['gpu.nvidia.com'].type == 'gpu'",
                "any: mig=mig-1g.10gb.nvidia.com|full=gpu.nvidia.com")),
        new Case(
            "v1beta1 template used by a pod",
            """
            apiVersion: resource.k8s.io/v1beta1
            kind: ResourceClaimTemplate
            metadata: {name: one-gpu, namespace: ml}
            spec:
              spec:
                devices:
                  requests:
                  - {name: gpu, deviceClassName: gpu.nvidia.com}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: trainer, namespace: ml}
            spec:
              resourceClaims:
              - {name: gpus, resourceClaimTemplateName: one-gpu}
              containers:
              - {name: main, image: x}
            """,
            List.of("ResourceClaimTemplate ml/one-gpu", "Pod ml/trainer claim gpus"),
            List.of("gpu: gpu.nvidia.com", "gpu: gpu.nvidia.com")));
  }

  static Stream<Case> workloads() {
    return Stream.of(
        new Case(
            "v1beta2 template: v1's shape",
            TEMPLATE_V1.replace("resource.k8s.io/v1", "resource.k8s.io/v1beta2"),
            List.of("ResourceClaimTemplate ml/one-gpu"),
            List.of("gpu: gpu.nvidia.com x2")),
        workload("Deployment: its pod template's claims", "Deployment", "apps/v1"),
        workload("StatefulSet", "StatefulSet", "apps/v1"),
        workload("DaemonSet", "DaemonSet", "apps/v1"),
        workload("ReplicaSet", "ReplicaSet", "apps/v1"),
        workload("Job", "Job", "batch/v1"),
        new Case(
            "CronJob: its job template's pod template",
            TEMPLATE_V1
                + withPodSpec(
                    "CronJob",
                    "batch/v1",
                    "spec:\n  schedule: '* * * * *'\n  jobTemplate:\n    spec:\n      template:\n"
                        + "        spec:\n"),
            List.of("ResourceClaimTemplate ml/one-gpu", "CronJob ml/work claim gpus"),
            List.of("gpu: gpu.nvidia.com x2", "gpu: gpu.nvidia.com x2")));
  }

  static Stream<Case> extendedResources() {
    return Stream.of(
        new Case(
            "extended resources: one request per container and resource, newest class wins",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: legacy, namespace: ml}
            spec:
              initContainers:
              - name: init
                image: x
                resources:
                  limits: {deviceclass.resource.kubernetes.io/mig-1g.10gb.nvidia.com: 1}
              containers:
              - name: main
                image: x
                resources:
                  limits: {nvidia.com/gpu: 2, cpu: 1}
              - name: side
                image: x
                resources:
                  requests: {memory: 1Gi, nvidia.com/gpu: 1}
                  limits: {memory: 1Gi, nvidia.com/gpu: 1}
              - name: plain
                image: x
                resources:
                  limits: {example.com/foo: 1}
            """,
            List.of("Pod ml/legacy extended resources"),
            List.of(
                "container-0-request-0: mig-1g.10gb.nvidia.com x1",
                "container-1-request-1: gpu.nvidia.com x2",
                "container-2-request-1: gpu.nvidia.com x1")),
        new Case(
            "a pod without claims or extended resources of a class has nothing to explain",
            """
            apiVersion: v1
            kind: Pod
            metadata: {name: web, namespace: ml}
            spec:
              containers:
              - name: main
                image: x
                resources:
                  limits: {example.com/foo: 1}
            """,
            List.of(),
            List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource({"olderVersions", "workloads", "extendedResources"})
  @DisplayName("each kind of object becomes the claims the API server and scheduler would see")
  void claimsOf(Case c) {
    List<ClaimToExplain> claims = claims(c.yaml());

    assertThat(claims).extracting(ClaimToExplain::label).containsExactlyElementsOf(c.labels());
    assertThat(claims.stream().flatMap(claim -> requests(claim).stream()).toList())
        .containsExactlyElementsOf(c.requests());
  }

  @Test
  @DisplayName("a pod's claims and extended resources carry the pod's tolerations and namespace")
  void podTolerationsAndNamespace() {
    ClaimToExplain claim =
        claims(
                TEMPLATE_V1
                    + """
                    ---
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: trainer, namespace: ml}
                    spec:
                      tolerations:
                      - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
                      resourceClaims:
                      - {name: gpus, resourceClaimTemplateName: one-gpu}
                      containers:
                      - {name: main, image: x}
                    """)
            .get(1);

    assertThat(claim.namespace()).isEqualTo("ml");
    assertThat(claim.tolerations())
        .singleElement()
        .satisfies(t -> assertThat(t.getKey()).isEqualTo("nvidia.com/gpu"));
  }

  @Test
  @DisplayName(
      "a v1beta1 request with both firstAvailable and deviceClassName is refused, naming it")
  void v1beta1Mixed() {
    assertThatThrownBy(() ->
            claims(
                """
                apiVersion: resource.k8s.io/v1beta1
                kind: ResourceClaim
                metadata: {name: mixed, namespace: ml}
                spec:
                  devices:
                    requests:
                    - name: gpu
                      deviceClassName: gpu.nvidia.com
                      firstAvailable:
                      - {name: a, deviceClassName: gpu.nvidia.com}
                """))
        .isInstanceOf(UnexplainableInputException.class)
        .hasMessageContaining("ResourceClaim ml/mixed (resource.k8s.io/v1beta1)")
        .hasMessageContaining("request gpu sets both firstAvailable and deviceClassName");
  }

  @Test
  @DisplayName("a pod only uses templates of its own namespace; the error points at the other one")
  void templateInOtherNamespace() {
    assertThatThrownBy(() ->
            claims(
                TEMPLATE_V1
                    + """
                    ---
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: trainer, namespace: other}
                    spec:
                      resourceClaims:
                      - {name: gpus, resourceClaimTemplateName: one-gpu}
                      containers:
                      - {name: main, image: x}
                    """))
        .isInstanceOf(UnexplainableInputException.class)
        .hasMessageContaining(
            "Pod other/trainer claim gpus: refers to ResourceClaimTemplate one-gpu in namespace"
                + " other, which is not among the given objects (namespace ml has one");
  }

  @Test
  @DisplayName("objects without a namespace are in 'default', as kubectl apply puts them")
  void defaultNamespace() {
    List<ClaimToExplain> claims =
        claims(
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaim
            metadata: {name: shared}
            spec:
              devices:
                requests:
                - name: gpu
                  exactly: {deviceClassName: gpu.nvidia.com}
            ---
            apiVersion: v1
            kind: Pod
            metadata: {name: user, namespace: default}
            spec:
              resourceClaims:
              - {name: gpu, resourceClaimName: shared}
              containers:
              - {name: main, image: x}
            """);

    assertThat(claims)
        .extracting(ClaimToExplain::label, ClaimToExplain::namespace)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ResourceClaim shared", "default"),
            org.assertj.core.groups.Tuple.tuple("Pod default/user claim gpu", "default"));
  }

  @Test
  @DisplayName("an extended resource that is not a whole number is refused, naming the container")
  void fractionalExtendedResource() {
    assertThatThrownBy(() ->
            claims(
                """
                apiVersion: v1
                kind: Pod
                metadata: {name: odd, namespace: ml}
                spec:
                  containers:
                  - name: main
                    image: x
                    resources:
                      limits: {nvidia.com/gpu: 500m}
                """))
        .isInstanceOf(UnexplainableInputException.class)
        .hasMessageContaining("Pod ml/odd container main: resources nvidia.com/gpu is 500m");
  }
}
