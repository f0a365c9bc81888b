package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class GpuDraCliTest {
  private record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    return runWithStdin("", args);
  }

  private static Run runWithStdin(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    ((MigrateCommand) cli.getSubcommands().get("migrate").getCommand()).stdin =
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.gpudra.cli.BadInvocations#all")
  @DisplayName("bad flags and environment print one clear line and exit with code 2")
  void badInput(String name, String[] args, String mentioned) {
    Run run = run(args);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains(mentioned);
  }

  @Test
  @DisplayName("a daemon's check passes off the fabric, where no IMEX runs")
  void checkWithoutClique() {
    assertThat(run("compute-domain-daemon", "check", "--clique-id", "").exitCode()).isZero();
    Run notReady =
        run(
            "compute-domain-daemon",
            "check",
            "--clique-id",
            "c.1",
            "--imex-ctl",
            "/nonexistent/nvidia-imex-ctl");
    assertThat(notReady.exitCode()).isNotZero();
  }

  @Test
  @DisplayName(
      "a kubeconfig that is missing or not a kubeconfig, or a directory that cannot be made, is"
          + " one line naming the flag and exit code 2")
  void badFiles(@TempDir Path dir) throws Exception {
    Path notKubeconfig = Files.writeString(dir.resolve("hostname"), "node-7\n");
    Path file = Files.writeString(dir.resolve("file"), "");
    String[] plugin = {
      "gpu-kubelet-plugin", "--node-name=n1", "--simulated-gpus=dgx-h100", "--healthcheck-port=-1"
    };
    assertOneLine(
        run(concat(plugin, "--kubeconfig=" + notKubeconfig)),
        "--kubeconfig " + notKubeconfig + ": not a kubeconfig: ");
    assertOneLine(
        run(concat(plugin, "--kubeconfig=" + dir.resolve("missing"))),
        "--kubeconfig " + dir.resolve("missing") + ": cannot read: NoSuchFile");
    Path kubeconfig =
        Files.writeString(
            dir.resolve("kubeconfig"),
            "apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server:"
                + " 'https://127.0.0.1:1'}}]\ncontexts: [{name: c, context: {cluster: c, user:"
                + " u}}]\ncurrent-context: c\nusers: [{name: u, user: {}}]\n");
    assertOneLine(
        run(
            concat(
                plugin,
                "--kubeconfig=" + kubeconfig,
                "--cdi-root=" + file.resolve("cdi"),
                "--kubelet-registrar-directory-path=" + dir.resolve("registry"),
                "--kubelet-plugins-directory-path=" + dir.resolve("plugins"))),
        "--cdi-root: cannot create " + file.resolve("cdi") + ": FileSystem");
  }

  private static void assertOneLine(Run run, String mentioned) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
    assertThat(run.err()).contains(mentioned);
  }

  private static String[] concat(String[] first, String... more) {
    return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
  }

  @Test
  @DisplayName(
      "migrate: 0 when all is translated, 1 with a report line per object left unchanged (still"
          + " printed), 2 and one line naming the document or field for input it cannot read")
  void migrate(@TempDir Path dir) throws Exception {
    String pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n";
    String gpu = pod + "  - {name: c, resources: {limits: {nvidia.com/gpu.shared: 1}}}\n";
    String unknown = pod + "  - {name: c, resources: {limits: {nvidia.com/hostdev: 1}}}\n";
    Path config =
        Files.writeString(
            dir.resolve("dp.yaml"),
            "version: v1\nsharing:\n  timeSlicing:\n    renameByDefault: true\n"
                + "    resources: [{name: nvidia.com/gpu, replicas: 4}]\n");

    Run translated = runWithStdin(gpu, "migrate", "-f", "-", "--config", config.toString());
    assertThat(translated.exitCode()).as(translated.err()).isZero();
    assertThat(translated.err()).isEmpty();
    assertThat(translated.out())
        .contains("name: p-c-gpu", "strategy: TimeSlicing", "resourceClaimTemplateName: p-c-gpu");

    Run partly = runWithStdin(gpu + "---\n" + unknown, "migrate", "-f", "-");
    assertThat(partly.exitCode()).isEqualTo(1);
    assertThat(partly.out()).isEqualTo(gpu + "---\n" + unknown);
    assertThat(partly.err().lines())
        .containsExactly(
            "<stdin>, document 1 (line 1): Pod p: container \"c\": nvidia.com/gpu.shared: a"
                + " shared resource: give the device plugin's config that shares it (--config)"
                + " (left unchanged)",
            "<stdin>, document 2 (line 8): Pod p: container \"c\": nvidia.com/hostdev: not a"
                + " resource of NVIDIA's device plugin (left unchanged)");

    assertOneLine(
        runWithStdin("kind: [", "migrate", "-f", "-"), "<stdin>, document 1: invalid YAML at line");
    Files.writeString(dir.resolve("bad.yaml"), "apiVersion: v1\nmetadata: {}\n");
    assertOneLine(
        run("migrate", "-f", dir.toString()),
        dir.resolve("bad.yaml") + ", document 1 (line 1): field kind");
    Files.writeString(config, "sharing: {timeSlicing: {resources: [{name: gpu, replicas: 1}]}}");
    assertOneLine(
        run("migrate", "-f", "-", "--config", config.toString()),
        "--config: " + config + ": sharing.timeSlicing.resources.0.replicas: at least 2, got 1");
  }

  @Test
  @DisplayName("migrate -f DIR reads its .yaml, .yml and .json files in name order, no others")
  void migrateDirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("b.json"), "{\"apiVersion\": \"v1\", \"kind\": \"B\"}\n");
    Files.writeString(dir.resolve("a.yml"), "apiVersion: v1\nkind: A\n");
    Files.writeString(dir.resolve("c.txt"), "not a manifest");

    Run run = run("migrate", "-f", dir.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .isEqualTo("apiVersion: v1\nkind: A\n---\n{\"apiVersion\": \"v1\", \"kind\": \"B\"}\n");
  }

  @Test
  @DisplayName("gpus lists every device of a simulated profile")
  void gpusTable() {
    Run run = run("gpus", "--simulated-gpus", "dgx-a100-mig");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("driver 580.95.05, CUDA 13.0, 15 devices")
        .contains("gpu-0-mig-1g5gb-19-0", "mig 1g.5gb", "gpu-7", "40536Mi");
  }

  @Test
  @DisplayName("gpus -o yaml renders the ResourceSlice the plugin would publish")
  void gpusYaml() {
    Run run = run("gpus", "--simulated-gpus", "dgx-h100", "--node-name", "node-7", "-o", "yaml");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("apiVersion: \"resource.k8s.io/v1\"")
        .contains("kind: \"ResourceSlice\"")
        .contains("driver: \"gpu.nvidia.com\"")
        .contains("nodeName: \"node-7\"")
        .contains("resourceSliceCount: 1")
        .contains("name: \"gpu-7\"")
        .contains("generateName: \"00000-gpu.nvidia.com-node-7-\"");
  }
}
