package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** The conventions kubectl users bring: -o, -f - and -f DIR, completion, did-you-mean. */
class CliConventionsTest {
  @TempDir Path dir;

  private static CliRun withStdin(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    ((ExplainCommand) cli.getSubcommands().get("explain").getCommand()).stdin =
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
    return new CliRun(cli.execute(args), out.toString(), err.toString());
  }

  private static final String CLAIM =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: one, namespace: default}
      spec:
        devices:
          requests:
          - name: gpu
            exactly: {deviceClassName: gpu.nvidia.com}
      """;

  private Path slicesDir() throws IOException {
    Path nested = Files.createDirectories(dir.resolve("slices/nested"));
    Files.writeString(
        nested.resolve("h100.yaml"),
        CliRun.of("gpus", "--simulated-gpus", "dgx-h100", "--node-name", "node-a", "-o", "yaml")
            .out());
    Files.writeString(dir.resolve("slices/README.md"), "not a manifest");
    return dir.resolve("slices");
  }

  @Test
  @DisplayName("gpus -o json prints the ResourceSlices as a v1 List, as kubectl get -o json")
  void gpusJson() {
    CliRun run =
        CliRun.of("gpus", "--simulated-gpus", "dgx-h100", "--node-name", "n", "-o", "json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    KubernetesList list = new KubernetesSerialization().unmarshal(run.out(), KubernetesList.class);
    assertThat(list.getItems()).isNotEmpty().allMatch(ResourceSlice.class::isInstance);
    assertThat(((ResourceSlice) list.getItems().getFirst()).getSpec().getNodeName()).isEqualTo("n");
  }

  @Test
  @DisplayName("gpus -o wide adds each GPU's architecture, compute capability and MIG mode")
  void gpusWide() {
    CliRun run = CliRun.of("gpus", "--simulated-gpus", "dgx-h100", "-o", "wide");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("ARCHITECTURE").contains("COMPUTE CAPABILITY").contains("9.0");
    assertThat(CliRun.of("gpus", "--simulated-gpus", "dgx-h100").out())
        .doesNotContain("ARCHITECTURE");
  }

  @ParameterizedTest(name = "{0} -o xml")
  @CsvSource({"gpus", "explain"})
  @DisplayName("an unknown -o is refused with exit code 2, naming the formats there are")
  void unknownOutput(String command) {
    CliRun run = CliRun.of(command, "-o", "xml", "-f", "x", "--slices", "y");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--output").contains("xml").contains("yaml").contains("json");
  }

  @Test
  @DisplayName("explain -f - reads standard input; --slices DIR -R finds the files below it")
  void stdinAndRecursiveDirectory() throws IOException {
    Path slices = slicesDir();
    CliRun flat = withStdin(CLAIM, "explain", "-f", "-", "--slices", slices.toString());
    assertThat(flat.exitCode()).isEqualTo(2);
    assertThat(flat.err()).contains("--slices " + slices + ": no .yaml").contains("-R");
    CliRun run = withStdin(CLAIM, "explain", "-f", "-", "--slices", slices.toString(), "-R");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("node node-a: allocated");
  }

  @Test
  @DisplayName("explain -f DIR reads every manifest there, -o yaml prints the report as YAML")
  void directoryAndYaml() throws IOException {
    Path claims = Files.createDirectories(dir.resolve("claims"));
    Files.writeString(claims.resolve("a.yaml"), CLAIM);
    Files.writeString(
        claims.resolve("b.json"),
        new KubernetesSerialization()
            .asJson(new KubernetesSerialization().unmarshal(CLAIM.replace("one", "two"))));
    Path slices = slicesDir().resolve("nested");
    CliRun run =
        CliRun.of("explain", "-f", claims.toString(), "--slices", slices.toString(), "-o", "yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("---").contains("default/one").contains("default/two");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"bash", "zsh"})
  @DisplayName("completion bash|zsh prints picocli's script, which knows every subcommand")
  void bashAndZsh(String shell) {
    CliRun run = CliRun.of("completion", shell);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("complete -F _complete_gpu-dra")
        .contains("bashcompinit")
        .contains("gpu-kubelet-plugin")
        .contains("--simulated-gpus");
  }

  @Test
  @DisplayName("completion fish completes subcommands, each one's options and their values")
  void fish() {
    CliRun run = CliRun.of("completion", "fish");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("complete -c gpu-dra -n '__fish_use_subcommand' -a 'gpus' -d ")
        .contains(
            "complete -c gpu-dra -n '__fish_seen_subcommand_from gpus' -s o -l output -r -f -a"
                + " 'table wide yaml json'")
        .contains(
            "-n '__fish_seen_subcommand_from selector; and not __fish_seen_subcommand_from test'"
                + " -a 'test'")
        .contains("-n '__fish_seen_subcommand_from selector; and __fish_seen_subcommand_from test'")
        .contains("-l kubeconfig -r -F");
    assertThat(CliRun.of("completion", "powershell").err()).contains("bash, zsh, fish");
  }

  @Test
  @DisplayName("a misspelt subcommand or option: one line, the suggestion, exit code 2")
  void didYouMean() {
    CliRun command = CliRun.of("gpuz");
    assertThat(command.exitCode()).isEqualTo(2);
    assertThat(command.err().lines().toList())
        .hasSize(2)
        .satisfies(l -> assertThat(l.getFirst()).contains("'gpuz'"))
        .satisfies(l -> assertThat(l.get(1)).startsWith("Did you mean").contains("gpus"));
    CliRun option = CliRun.of("gpus", "--ouptut", "json");
    assertThat(option.exitCode()).isEqualTo(2);
    assertThat(option.err()).contains("--ouptut").contains("--output");
  }
}
