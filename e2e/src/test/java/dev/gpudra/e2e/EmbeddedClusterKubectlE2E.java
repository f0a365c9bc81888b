package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The embedded API server of {@code ./gpu-dra demo} answers the real kubectl (v1.35, built into
 * {@code gpu-dra-testcluster kubectl}): its discovery, the {@code kubectl get
 * resourceslices,resourceclaims,pods -A} that the demo prints for a user to try, {@code kubectl
 * create namespace}, {@code kubectl apply} with its default validation, the charts' CRDs and a
 * ClusterPolicy; what it cannot serve fails at once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedClusterKubectlE2E {
  /** kubectl's own start and discovery included: a hang would take its 32 s timeout. */
  private static final Duration AT_ONCE = Duration.ofSeconds(3);

  private Path kubectl;
  private LocalApiServer server;
  private Path kubeconfig;
  private Path cacheDir;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    kubectl = RealControlPlane.binaryOrSkip();
    cacheDir = dir.resolve("kube-cache");
    server = new LocalApiServer().start();
    kubeconfig = server.writeKubeconfig(dir.resolve("kubeconfig"));
    KubernetesClient client = server.client();
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName("ml").endMetadata().build())
        .create();
    seed(client);
  }

  /** A slice, a claim and a pod for kubectl to list. */
  private static void seed(KubernetesClient client) {
    client
        .resource(
            new ResourceSliceBuilder()
                .withNewMetadata()
                .withName("node-a-gpu.nvidia.com-abcde")
                .endMetadata()
                .withNewSpec()
                .withDriver("gpu.nvidia.com")
                .withNodeName("node-a")
                .withNewPool()
                .withName("node-a")
                .withGeneration(1L)
                .withResourceSliceCount(1L)
                .endPool()
                .endSpec()
                .build())
        .create();
    client
        .resource(
            new ResourceClaimBuilder()
                .withNewMetadata()
                .withName("one-gpu")
                .withNamespace("ml")
                .endMetadata()
                .withNewSpec()
                .withNewDevices()
                .addNewRequest()
                .withName("gpu")
                .withNewExactly()
                .withDeviceClassName("gpu.nvidia.com")
                .endExactly()
                .endRequest()
                .endDevices()
                .endSpec()
                .build())
        .create();
    client
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("trainer")
                .withNamespace("ml")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("main")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  @AfterAll
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  @DisplayName("kubectl get resourceslices,resourceclaims,pods -A lists the demo cluster's objects")
  void getWhatTheDemoPrints() throws Exception {
    String out = kubectl("get", "resourceslices,resourceclaims,pods", "-A");
    assertThat(out)
        .contains("resourceslice.resource.k8s.io/node-a-gpu.nvidia.com-abcde")
        .contains("resourceclaim.resource.k8s.io/one-gpu")
        .contains("pod/trainer");
  }

  @Test
  @DisplayName("kubectl api-resources finds the DRA and NVIDIA resources through discovery")
  void apiResources() throws Exception {
    assertThat(kubectl("api-resources", "--api-group=resource.k8s.io", "-o", "name"))
        .contains("resourceslices.resource.k8s.io")
        .contains("resourceclaims.resource.k8s.io")
        .contains("deviceclasses.resource.k8s.io");
    assertThat(kubectl("get", "resourceclaims", "-n", "ml", "-o", "name"))
        .isEqualTo("resourceclaim.resource.k8s.io/one-gpu\n");
  }

  @Test
  @DisplayName("kubectl create namespace (a protobuf body) creates it within two seconds")
  void createNamespace() throws Exception {
    Run run = run("", "create", "namespace", "created-by-kubectl");
    assertThat(run.output()).contains("namespace/created-by-kubectl created");
    assertThat(run.exit()).isZero();
    assertThat(run.took()).isLessThan(AT_ONCE);
    assertThat(kubectl("get", "namespace", "created-by-kubectl", "-o", "name"))
        .isEqualTo("namespace/created-by-kubectl\n");
  }

  @Test
  @DisplayName("kubectl apply --dry-run=server of a new object: answered as created, not stored")
  void serverDryRunCreate() throws Exception {
    assertThat(run(namespace("dry", "one"), "apply", "--dry-run=server", "-f", "-").output())
        .contains("namespace/dry created (server dry run)");
    assertThat(run("", "get", "namespace", "dry").output()).contains("NotFound");
  }

  @Test
  @DisplayName("kubectl apply, with its default strict validation, creates and then patches")
  void apply() throws Exception {
    assertThat(apply(namespace("team-a", "one"))).contains("namespace/team-a created");
    assertThat(
            apply(
                """
                apiVersion: resource.k8s.io/v1
                kind: ResourceClaim
                metadata: {name: applied-claim, namespace: team-a}
                spec:
                  devices:
                    requests:
                    - name: gpu
                      exactly: {deviceClassName: gpu.nvidia.com}
                """))
        .contains("resourceclaim.resource.k8s.io/applied-claim created");
    assertThat(apply(namespace("team-a", "two"))).contains("namespace/team-a configured");
    assertThat(kubectl("get", "namespace", "team-a", "-o", "jsonpath={.metadata.labels.tier}"))
        .isEqualTo("two");
  }

  @Test
  @DisplayName(
      "the charts' CRDs install with kubectl apply; a ClusterPolicy is applied, got, deleted")
  void crdsAndClusterPolicy() throws Exception {
    Path charts = Path.of("..", "deployments", "helm");
    assertThat(
            kubectl(
                "apply",
                "-f",
                charts.resolve("gpu-operator/crds").toString(),
                "-f",
                charts.resolve("gpu-dra/crds").toString()))
        .contains(
            "customresourcedefinition.apiextensions.k8s.io/clusterpolicies.nvidia.com created")
        .contains("customresourcedefinition.apiextensions.k8s.io/nvidiadrivers.nvidia.com created")
        .contains(
            "customresourcedefinition.apiextensions.k8s.io/computedomains.resource.nvidia.com");
    Path policy =
        Path.of("..", "api", "src", "test", "resources", "clusterpolicies", "default.yaml");
    assertThat(kubectl("apply", "-f", policy.toString()))
        .contains("clusterpolicy.nvidia.com/cluster-policy created");
    assertThat(kubectl("get", "clusterpolicies", "-o", "name"))
        .isEqualTo("clusterpolicy.nvidia.com/cluster-policy\n");
    assertThat(kubectl("delete", "clusterpolicy", "cluster-policy"))
        .contains("clusterpolicy.nvidia.com \"cluster-policy\" deleted");
    assertThat(kubectl("get", "clusterpolicies", "-o", "name")).doesNotContain("cluster-policy");
    assertThat(
            apply(
                """
                apiVersion: resource.nvidia.com/v1beta1
                kind: ComputeDomain
                metadata: {name: domain-a, namespace: ml}
                spec:
                  numNodes: 2
                  channel: {resourceClaimTemplate: {name: domain-a-channel}}
                """))
        .contains("computedomain.resource.nvidia.com/domain-a created");
    assertThat(kubectl("get", "computedomains", "-n", "ml", "-o", "name"))
        .isEqualTo("computedomain.resource.nvidia.com/domain-a\n");
  }

  /** A kubectl command the embedded server cannot serve, and what its answer names. */
  record Refused(String name, String input, List<String> args, String says) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Refused> refused() {
    return Stream.of(
        new Refused(
            "kubectl create configmap: protobuf, of a kind the server does not decode",
            "",
            List.of("create", "configmap", "c", "--from-literal=a=b"),
            "not \"application/vnd.kubernetes.protobuf\""),
        new Refused(
            "kubectl get --watch, which streams over HTTP",
            "",
            List.of("get", "namespaces", "--watch"),
            "WebSocket"),
        new Refused(
            "a path the server does not serve",
            "",
            List.of("get", "--raw", "/healthz"),
            "NotFound"),
        new Refused(
            "server-side apply",
            namespace("ssa", "one"),
            List.of("apply", "--server-side", "-f", "-"),
            "--server-side"),
        new Refused(
            "a server-side dry run of a delete (only creates are served)",
            "",
            List.of("delete", "resourceslice", "node-a-gpu.nvidia.com-abcde", "--dry-run=server"),
            "dryRun"),
        new Refused(
            "a field the schema lacks, under kubectl's default strict validation",
            namespace("typo", "one") + "spec: {finalisers: []}\n",
            List.of("apply", "-f", "-"),
            "unknown field \"spec.finalisers\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("what the embedded server cannot serve fails at once, naming why")
  void refusedAtOnce(Refused c) throws Exception {
    Run run = run(c.input(), c.args().toArray(String[]::new));
    assertThat(run.exit()).as(run.output()).isNotZero();
    assertThat(run.output()).contains(c.says());
    assertThat(run.took()).isLessThan(AT_ONCE);
  }

  private static String namespace(String name, String tier) {
    return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: "
        + name
        + "\n  labels: {tier: "
        + tier
        + "}\n";
  }

  /**
   * What a kubectl run left: its exit code, its output (stdout and stderr) and how long it took.
   */
  record Run(int exit, String output, Duration took) {}

  /** Runs kubectl against the embedded server, with its own discovery cache; stdin from input. */
  private Run run(String input, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(kubectl.toString(), "kubectl"));
    command.add("--kubeconfig=" + kubeconfig);
    command.add("--cache-dir=" + cacheDir);
    command.addAll(List.of(args));
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    try (var stdin = process.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("kubectl %s ended", command).isTrue();
    return new Run(process.exitValue(), output, Duration.ofNanos(System.nanoTime() - start));
  }

  private String kubectl(String... args) throws IOException, InterruptedException {
    Run run = run("", args);
    assertThat(run.exit()).as("kubectl %s: %s", String.join(" ", args), run.output()).isZero();
    return run.output();
  }

  private String apply(String manifest) throws IOException, InterruptedException {
    Run run = run(manifest, "apply", "-f", "-");
    assertThat(run.exit()).as("kubectl apply: %s", run.output()).isZero();
    return run.output();
  }
}
