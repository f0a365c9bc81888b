package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ExplainAndSelectorCliTest {
  @TempDir Path dir;

  private record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return new Run(cli.execute(args), out.toString(), err.toString());
  }

  private Path slices() throws IOException {
    Path slices = Files.createDirectories(dir.resolve("slices"));
    Files.writeString(
        slices.resolve("h100.yaml"),
        run("gpus", "--simulated-gpus", "dgx-h100", "--node-name", "node-a", "-o", "yaml").out());
    Files.writeString(
        slices.resolve("a100-mig.yaml"),
        run("gpus", "--simulated-gpus", "dgx-a100-mig", "--node-name", "node-b", "-o", "yaml")
            .out());
    return slices;
  }

  private Path claim(String selector, int count) throws IOException {
    return Files.writeString(
        dir.resolve("claim.yaml"),
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: big, namespace: default}
        spec:
          devices:
            requests:
            - name: gpus
              exactly:
                deviceClassName: gpu.nvidia.com
                count: %d
                selectors:
                - cel: {expression: "%s"}
        """
            .formatted(count, selector));
  }

  @Test
  @DisplayName("explain says per node whether the claim fits, and why each device does not")
  void explainAgainstSliceFiles() throws IOException {
    Path claim =
        claim("device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('79Gi')) >= 0", 2);
    Run run = run("explain", "-f", claim.toString(), "--slices", slices().toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("node node-a: allocated")
        .contains("chosen              gpu.nvidia.com/node-a/gpu-0")
        .contains("node node-b: unsatisfiable")
        .contains("request-selector    gpu.nvidia.com/node-b/gpu-2")
        .contains("ResourceClaim default/big: fits on 1 of 2 nodes");
  }

  /** A shareable 40Gi GPU, and another claim already holding a 35Gi share of it. */
  private static final String SLICE_WITH_A_SHARE =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: node-a-gpu}
      spec:
        driver: gpu.nvidia.com
        nodeName: node-a
        pool: {name: node-a, generation: 1, resourceSliceCount: 1}
        devices:
        - name: gpu-0
          allowMultipleAllocations: true
          attributes:
            type: {string: gpu}
          capacity:
            memory:
              value: 40Gi
              requestPolicy:
                default: 40Gi
                validRange: {min: 1Mi, max: 40Gi, step: 1Mi}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: other, namespace: default}
      spec:
        devices:
          requests:
          - name: gpu
            exactly: {deviceClassName: gpu.nvidia.com}
      status:
        allocation:
          devices:
            results:
            - request: gpu
              driver: gpu.nvidia.com
              pool: node-a
              device: gpu-0
              shareID: 0b0a4f4e-5d36-4a5a-9a36-1f1d2a2c3b4d
              consumedCapacity: {memory: 35Gi}
      """;

  /** A claim asking for a 10Gi share of a shareable GPU. */
  private static final String SHARE_CLAIM =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: share, namespace: default}
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.nvidia.com
              selectors:
              - cel: {expression: device.allowMultipleAllocations}
              capacity:
                requests: {memory: 10Gi}
      """;

  @Test
  @DisplayName(
      "explain counts the shares of allocated claims among the files: a shared GPU with too little"
          + " memory left is capacity-in-use, naming what the shares consume")
  void explainCountsShares() throws IOException {
    Path slices = Files.createDirectories(dir.resolve("shared"));
    Files.writeString(slices.resolve("slice.yaml"), SLICE_WITH_A_SHARE);
    Path claim = Files.writeString(dir.resolve("share.yaml"), SHARE_CLAIM);

    Run run =
        run(
            "explain",
            "-f",
            claim.toString(),
            "--slices",
            slices.toString(),
            "--consumable-capacity");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("node node-a: unsatisfiable")
        .contains(
            "capacity-in-use     gpu.nvidia.com/node-a/gpu-0  capacity memory: other claims'"
                + " shares consume 35Gi of 40Gi, the request needs 10Gi");
  }

  @Test
  @DisplayName("explain -o json emits the allocation result the scheduler would write")
  void explainJson() throws IOException {
    Path claim = claim("device.attributes['gpu.nvidia.com'].architecture == 'Hopper'", 1);
    Run run =
        run(
            "explain",
            "-f",
            claim.toString(),
            "--slices",
            slices().toString(),
            "--node",
            "node-a",
            "-o",
            "json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("\"device\":\"gpu-0\"").contains("\"pool\":\"node-a\"");
  }

  @Test
  @DisplayName(
      "explain takes a v1beta1 template and the Deployment using it; a cordoned Node among the"
          + " slice files is reported as such, not as a fit")
  void explainWorkloadWithBetaTemplateAndCordonedNode() throws IOException {
    Path slices = slices();
    Files.writeString(
        slices.resolve("nodes.yaml"),
        """
        apiVersion: v1
        kind: Node
        metadata: {name: node-a}
        spec: {unschedulable: true}
        """);
    Path workload =
        Files.writeString(
            dir.resolve("workload.yaml"),
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
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: trainer, namespace: ml}
            spec:
              selector: {matchLabels: {app: trainer}}
              template:
                metadata: {labels: {app: trainer}}
                spec:
                  resourceClaims:
                  - {name: gpus, resourceClaimTemplateName: one-gpu}
                  containers:
                  - {name: main, image: x}
            """);

    Run run = run("explain", "-f", workload.toString(), "--slices", slices.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("== Deployment ml/trainer claim gpus")
        .contains("node node-a: unsatisfiable, node-unschedulable: the node is cordoned")
        .contains("Deployment ml/trainer claim gpus: fits on 1 of 2 nodes");
  }

  @Test
  @DisplayName("explain of a file with nothing to explain says so and exits with code 2")
  void explainNothing() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("service.yaml"),
            """
            apiVersion: v1
            kind: Service
            metadata: {name: web, namespace: default}
            """);

    Run run = run("explain", "-f", file.toString(), "--slices", slices().toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            "service.yaml: nothing to explain: none of Service default/web is a ResourceClaim");
  }

  @Test
  @DisplayName("explain takes one source of cluster state: slice files or a cluster, not both")
  void explainNeedsASource() throws IOException {
    Run run =
        run(
            "explain",
            "-f",
            claim("true", 1).toString(),
            "--slices",
            dir.toString(),
            "--kubeconfig",
            dir.resolve("kubeconfig").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--slices").contains("--kubeconfig");
  }

  @Test
  @DisplayName("selector test prints true, false or error: per expression")
  void selectorTest() throws IOException {
    Path device =
        Files.writeString(
            dir.resolve("device.yaml"),
            """
            driver: gpu.nvidia.com
            name: gpu-0
            attributes:
              productName: {string: NVIDIA H100 80GB HBM3}
              driverVersion: {version: 580.95.5}
            capacity:
              memory: {value: 81559Mi}
            """);
    Run run =
        run(
            "selector",
            "test",
            "--device",
            device.toString(),
            "device.attributes['gpu.nvidia.com'].driverVersion.isGreaterThan(semver('550.0.0'))",
            "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('80Gi')) >= 0",
            "device.attributes['gpu.nvidia.com'].uuid == 'x'",
            "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out().lines())
        .containsExactly(
            "true",
            "false",
            "error: no such key: uuid",
            "error: must evaluate to bool or the unknown type, not int");
  }

  @Test
  @DisplayName("selector test takes a device with an empty driver and words syntax errors as kube")
  void selectorTestEmptyDriverAndSyntaxError() throws IOException {
    Path device = Files.writeString(dir.resolve("device.yaml"), "driver: ''\n");

    Run run = run("selector", "test", "--device", device.toString(), "device.driver == ''", "(");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().lines().toList()).first().isEqualTo("true");
    assertThat(run.out()).contains("error: compilation failed: ERROR: <input>:1:2: Syntax error: ");
  }

  @Test
  @DisplayName("selector test with an unreadable device file exits with code 2")
  void selectorBadFile() {
    Run run = run("selector", "test", "--device", dir.resolve("missing.yaml").toString(), "true");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("missing.yaml");
  }
}
