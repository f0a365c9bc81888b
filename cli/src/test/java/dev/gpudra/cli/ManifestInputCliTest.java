package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * What explain and migrate do with manifests they cannot take: one line on stderr naming the file,
 * the document and the line, exit code 2, nothing on stdout.
 */
class ManifestInputCliTest {
  @TempDir static Path dir;

  private static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n";

  /** A file's content, the command line around it, and the start of the line it must give. */
  record Refused(String name, byte[] content, List<String> command, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Refused> refused() throws IOException {
    Path slices = Files.writeString(dir.resolve("slices.yaml"), "");
    byte[] deep = (POD + "spec: " + "[".repeat(20_000) + "]".repeat(20_000) + "\n").getBytes();
    byte[] big = (POD + "---\n" + POD + "data: " + "x".repeat(4 << 20) + "\n").getBytes();
    byte[] zeros = new byte[64 * 1024];
    byte[] notUtf8 = {'a', ':', ' ', (byte) 0xff, (byte) 0xfe, '\n'};
    byte[] invalid = (POD + "---\n" + POD + "spec: {a: [b\n").getBytes();
    List<String> explain = List.of("explain", "--slices", slices.toString(), "-f");
    List<String> migrate = List.of("migrate", "-f");
    return Stream.of(
        new Refused(
            "explain, nested 20,000 deep",
            deep,
            explain,
            "%s, document 1 (line 1): nested deeper than 200 levels"),
        new Refused(
            "migrate, nested 20,000 deep",
            deep,
            migrate,
            "%s, document 1 (line 1): nested deeper than 200 levels"),
        new Refused(
            "explain, a 4 MiB document",
            big,
            explain,
            "%s, document 2 (line 5): larger than 3 MiB"),
        new Refused(
            "migrate, a 4 MiB document",
            big,
            migrate,
            "%s, document 2 (line 5): larger than 3 MiB"),
        new Refused(
            "explain, NUL bytes",
            zeros,
            explain,
            "%s: not text: character U+0000 at line 1, column 1"),
        new Refused(
            "migrate, NUL bytes",
            zeros,
            migrate,
            "%s: not text: character U+0000 at line 1, column 1"),
        new Refused("migrate, not UTF-8", notUtf8, migrate, "%s: not UTF-8 text at line 1"),
        new Refused(
            "explain, invalid YAML",
            invalid,
            explain,
            "%s, document 2: invalid YAML at line 9, column 1: while parsing a flow sequence"),
        new Refused(
            "migrate, invalid YAML",
            invalid,
            migrate,
            "%s, document 2: invalid YAML at line 9, column 1: while parsing a flow sequence"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName(
      "a manifest too large, too deep, not text or not YAML is one line on stderr naming the file,"
          + " document and line; exit code 2; nothing on stdout")
  void refused(Refused refused) throws IOException {
    Path file =
        Files.write(
            dir.resolve(refused.name().replaceAll("\\W", "_") + ".yaml"), refused.content());
    CliRun run =
        CliRun.of(
            Stream.concat(refused.command().stream(), Stream.of(file.toString()))
                .toArray(String[]::new));

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "gpu-dra " + refused.command().getFirst() + ": " + refused.message().formatted(file));
    assertThat(run.err().lines()).hasSize(1);
    // migrate streams: the documents before the one refused are out already; explain prints none
    assertThat(run.out()).isIn("", refused.command().getFirst().equals("migrate") ? POD : "");
  }

  @Test
  @DisplayName(
      "migrate reads 22,000 documents from standard input and prints them all, the translated one"
          + " with its template, in order")
  void manyDocuments() {
    StringBuilder input = new StringBuilder();
    for (int i = 0; i < 22_000; i++) {
      input
          .append("---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d")
          .append(i)
          .append("}\nspec:\n  template:\n    spec:\n      containers:\n      - name: c\n");
      if (i == 21_999) {
        input.append("        resources: {limits: {nvidia.com/gpu: 1}}\n");
      }
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    MigrateCommand migrate = (MigrateCommand) cli.getSubcommands().get("migrate").getCommand();
    migrate.stdin = new ByteArrayInputStream(input.toString().getBytes());

    int code = cli.execute("migrate", "-f", "-");

    assertThat(code).as(err.toString()).isZero();
    assertThat(err.toString()).isEmpty();
    assertThat(out.toString().split("(?m)^---$")).hasSize(22_001);
    assertThat(out.toString())
        .contains("kind: ResourceClaimTemplate\nmetadata:\n  name: d21999-c-gpu");
  }

  @Test
  @DisplayName("migrate --config that is not YAML is one line naming the file, line and column")
  void configNotYaml() throws IOException {
    Path config = Files.writeString(dir.resolve("config.yaml"), "version: v1\nflags: {a: [b\n");
    Path pod = Files.writeString(dir.resolve("pod.yaml"), POD);

    CliRun run = CliRun.of("migrate", "-f", pod.toString(), "--config", config.toString());

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("gpu-dra migrate: --config: ")
        .contains(config.toString())
        .contains("line");
    assertThat(run.err().lines()).hasSize(1);
    assertThat(run.out()).isEmpty();
  }

  @Test
  @DisplayName(
      "explain --kubeconfig /dev/null says the file is not a kubeconfig, in one line, exit 2")
  void emptyKubeconfig() throws IOException {
    Path claim = Files.writeString(dir.resolve("claim.yaml"), POD);

    CliRun run = CliRun.of("explain", "-f", claim.toString(), "--kubeconfig", "/dev/null");

    assertThat(run.err())
        .isEqualTo("gpu-dra explain: --kubeconfig /dev/null: not a kubeconfig: empty\n");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
  }

  @Test
  @DisplayName("a kubeconfig that is another kind of object is refused, naming the file and kind")
  void otherKind() throws IOException {
    Path claim = Files.writeString(dir.resolve("claim.yaml"), POD);

    CliRun run = CliRun.of("explain", "-f", claim.toString(), "--kubeconfig", claim.toString());

    assertThat(run.err())
        .isEqualTo(
            "gpu-dra explain: --kubeconfig "
                + claim
                + ": not a kubeconfig: kind Pod, not Config\n");
    assertThat(run.exitCode()).isEqualTo(2);
  }
}
