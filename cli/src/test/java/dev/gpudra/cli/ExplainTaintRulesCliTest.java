package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

@DisplayName("explain applies DeviceTaintRules from the slice files and the claim files")
class ExplainTaintRulesCliTest {
  @TempDir Path dir;
  private Path slices;
  private Path claim;

  private record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return new Run(cli.execute(args), out.toString(), err.toString());
  }

  @BeforeEach
  void files() throws IOException {
    slices = Files.createDirectories(dir.resolve("slices"));
    Files.writeString(
        slices.resolve("node-a.yaml"),
        run("gpus", "--simulated-gpus", "dgx-h100", "--node-name", "node-a", "-o", "yaml").out());
    claim =
        Files.writeString(
            dir.resolve("claim.yaml"),
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaim
            metadata: {name: one, namespace: default}
            spec:
              devices:
                requests:
                - name: gpu
                  exactly: {deviceClassName: gpu.nvidia.com}
            """);
  }

  private static String rule(String apiVersion, String name, String selector) {
    return """
    apiVersion: %s
    kind: DeviceTaintRule
    metadata: {name: %s}
    spec:
      deviceSelector: %s
      taint: {key: gpu.nvidia.com/drain, effect: NoExecute}
    """
        .formatted(apiVersion, name, selector);
  }

  @Test
  @DisplayName("a v1 rule among the slice files keeps the claim off the device and is named")
  void ruleAmongSlices() throws IOException {
    Files.writeString(
        slices.resolve("drain.yaml"),
        rule("resource.k8s.io/v1", "drain-node-a", "{driver: gpu.nvidia.com, pool: node-a}"));

    Run run = run("explain", "-f", claim.toString(), "--slices", slices.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("node node-a: unsatisfiable")
        .contains(
            "taint gpu.nvidia.com/drain:NoExecute from DeviceTaintRule drain-node-a is not"
                + " tolerated by request gpu")
        .contains("ResourceClaim default/one: fits on 0 of 1 nodes");
  }

  @Test
  @DisplayName("a v1beta2 rule given with the claim applies too; one for another pool does not")
  void ruleWithClaim() throws IOException {
    Path other =
        Files.writeString(
            dir.resolve("other.yaml"),
            Files.readString(claim)
                + "---\n"
                + rule("resource.k8s.io/v1beta2", "drain-node-b", "{pool: node-b}"));
    Run fits = run("explain", "-f", other.toString(), "--slices", slices.toString());
    assertThat(fits.out()).as(fits.err()).contains("node node-a: allocated");

    Path drain =
        Files.writeString(
            dir.resolve("drain.yaml"),
            Files.readString(claim) + "---\n" + rule("resource.k8s.io/v1beta2", "drain-all", "{}"));
    Run run = run("explain", "-f", drain.toString(), "--slices", slices.toString());
    assertThat(run.out())
        .contains("node node-a: unsatisfiable")
        .contains("from DeviceTaintRule drain-all is not tolerated");
  }

  @Test
  @DisplayName("a rule with a field removed in 1.35 is refused, naming file, rule and field")
  void removedField() throws IOException {
    Files.writeString(
        slices.resolve("drain.yaml"),
        rule("resource.k8s.io/v1", "by-class", "{deviceClassName: gpu.nvidia.com}"));

    Run run = run("explain", "-f", claim.toString(), "--slices", slices.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            "--slices "
                + slices
                + ": DeviceTaintRule by-class: spec.deviceSelector.deviceClassName: removed");
  }
}
