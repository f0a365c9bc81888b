package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain} and {@code migrate} as the launcher runs them (its flags, but a 64 MiB heap where
 * it gives 1 GiB, so that what memory follows shows), in a child JVM: inputs that used to end it
 * (an OutOfMemoryError, exit 3, its text on stdout; a StackOverflowError's 1,025-line trace), and
 * clusters that are not there.
 */
class OneShotProcessIT {
  @TempDir Path dir;

  /** What the child printed, and how it ended. */
  record Child(int exitCode, String out, String err) {}

  private Child run(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Xss512k",
            "-Xmx64m",
            "-XX:-ExitOnOutOfMemoryError",
            "-XX:+DisplayVMOutputToStderr",
            "-cp",
            System.getProperty("java.class.path"),
            GpuDra.class.getName()));
    command.addAll(List.of(args));
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("exited").isTrue();
    return new Child(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** A kubectl get -A -o yaml of {@code items} Deployments, one in 100 asking for a GPU. */
  private Path clusterDump(int items) throws IOException {
    Path file = dir.resolve("all.yaml");
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write("apiVersion: v1\nitems:\n".getBytes());
      for (int i = 0; i < items; i++) {
        out.write(
            ("- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: app-"
                    + i
                    + "\n    namespace: team\n    annotations:\n      note: "
                    + "n".repeat(2000)
                    + "\n  spec:\n    template:\n      spec:\n        containers:\n        - name: c\n"
                    + "          image: registry.example.com/app:1\n"
                    + (i % 100 == 0 ? "          resources: {limits: {nvidia.com/gpu: 1}}\n" : ""))
                .getBytes());
      }
      out.write("kind: List\nmetadata:\n  resourceVersion: \"\"\n".getBytes());
    }
    return file;
  }

  @Test
  @DisplayName(
      "migrate of a 50 MB List in a 64 MiB heap prints every item, the GPU ones translated, and"
          + " nothing on stderr")
  void migrateClusterDump() throws Exception {
    Path dump = clusterDump(22_000);
    assertThat(Files.size(dump)).isGreaterThan(48_000_000L);

    Child child = run("migrate", "-f", dump.toString());

    assertThat(child.err()).isEmpty();
    assertThat(child.exitCode()).isZero();
    assertThat(child.out())
        .startsWith("apiVersion: v1\nitems:\n")
        .endsWith("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    assertThat(child.out().split("\n  kind: ResourceClaimTemplate\n", -1)).hasSize(221);
  }

  @Test
  @DisplayName(
      "explain of a document nested 20,000 deep, and migrate of /dev/zero, are one line on stderr"
          + " and exit code 2")
  void hostileFiles() throws Exception {
    Path deep =
        Files.writeString(
            dir.resolve("deep.yaml"),
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: "
                + "[".repeat(20_000)
                + "]".repeat(20_000));
    Path slices = Files.writeString(dir.resolve("slices.yaml"), "");

    Child explain = run("explain", "--slices", slices.toString(), "-f", deep.toString());
    Child migrate = run("migrate", "-f", "/dev/zero");

    assertThat(explain.err())
        .isEqualTo(
            "gpu-dra explain: "
                + deep
                + ", document 1 (line 1): nested deeper than 200 levels,"
                + " the most a document may nest\n");
    assertThat(explain.exitCode()).isEqualTo(2);
    assertThat(migrate.err())
        .isEqualTo(
            "gpu-dra migrate: /dev/zero: not text: character U+0000 at line 1, column 1 (a binary"
                + " file?)\n");
    assertThat(migrate.exitCode()).isEqualTo(2);
    assertThat(explain.out() + migrate.out()).isEmpty();
  }

  @Test
  @DisplayName(
      "explain of more objects than its heap holds says so in one line on stderr, exit code 1,"
          + " never an OutOfMemoryError's text on stdout")
  void outOfMemory() throws Exception {
    Path dump = clusterDump(40_000);
    Path slices = Files.writeString(dir.resolve("slices.yaml"), "");

    Child child = run("explain", "--slices", slices.toString(), "-f", dump.toString());

    assertThat(child.out()).isEmpty();
    assertThat(child.err()).startsWith("gpu-dra explain: error: out of memory (heap limit ");
    assertThat(child.err().lines()).hasSize(1);
    assertThat(child.exitCode()).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "explain against a server that is not there names its URL and context and says connection"
          + " refused, in one line, exit code 1")
  void noServer() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Path kubeconfig =
        Files.writeString(
            dir.resolve("kubeconfig"),
            """
            apiVersion: v1
            kind: Config
            clusters: [{name: c, cluster: {server: "https://127.0.0.1:%d"}}]
            users: [{name: u, user: {token: t}}]
            contexts: [{name: here, context: {cluster: c, user: u}}]
            current-context: here
            """
                .formatted(port));
    Path claim =
        Files.writeString(
            dir.resolve("claim.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");

    Child child = run("explain", "-f", claim.toString(), "--kubeconfig", kubeconfig.toString());

    assertThat(child.err())
        .isEqualTo(
            "gpu-dra explain: error: API server https://127.0.0.1:"
                + port
                + "/ (context here): cannot list DeviceClass: connection refused\n");
    assertThat(child.exitCode()).isEqualTo(1);
    assertThat(child.out()).isEmpty();
  }

  @Test
  @DisplayName(
      "explain --kubeconfig /dev/null says it is not a kubeconfig, in one line, exit code 2")
  void devNullKubeconfig() throws Exception {
    Path claim =
        Files.writeString(
            dir.resolve("claim.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");

    Child child = run("explain", "-f", claim.toString(), "--kubeconfig", "/dev/null");

    assertThat(child.err())
        .isEqualTo("gpu-dra explain: --kubeconfig /dev/null: not a kubeconfig: empty\n");
    assertThat(child.exitCode()).isEqualTo(2);
    assertThat(child.out()).isEmpty();
  }
}
