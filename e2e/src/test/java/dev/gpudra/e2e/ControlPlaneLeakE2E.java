package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing leaks: gpu-dra-testcluster releases its port, data directory and kubeconfig when it is
 * stopped, and also when the JVM that started it dies without running any hook.
 */
class ControlPlaneLeakE2E {
  private static final Duration GONE_WITHIN = Duration.ofSeconds(20);

  @TempDir Path dir;

  @Test
  @DisplayName("close() (SIGTERM): the process exits, its port closes, its data and kubeconfig go")
  void stopsCleanly() throws Exception {
    Path binary = RealControlPlane.binaryOrSkip();
    ControlPlaneProcess process =
        ControlPlaneProcess.start(binary, dir.resolve("w"), Duration.ofSeconds(120));
    long pid = process.pid();
    Path data = dataDir(pid).orElseThrow();
    int port = URI.create(process.readyLine().split(" ")[0]).getPort();
    assertThat(listening(port)).isTrue();

    process.close();

    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThat(data).doesNotExist();
    assertThat(dir.resolve("w/kubeconfig")).doesNotExist();
    assertThat(listening(port)).isFalse();
  }

  @Test
  @DisplayName("the JVM that started it is SIGKILLed: it notices, stops and removes its data")
  void outlivesNoParent() throws Exception {
    Path binary = RealControlPlane.binaryOrSkip();
    Process child = childJvm(binary, dir.resolve("w"));
    try {
      long pid = awaitPid(child);
      Path data = dataDir(pid).orElseThrow();

      child.destroyForcibly().waitFor();

      await()
          .atMost(GONE_WITHIN)
          .untilAsserted(() -> {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            assertThat(data).doesNotExist();
            assertThat(dir.resolve("w/kubeconfig")).doesNotExist();
          });
    } finally {
      child.destroyForcibly();
    }
  }

  private static Process childJvm(Path binary, Path work) throws IOException {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "-cp",
            System.getProperty("java.class.path"),
            ControlPlaneChild.class.getName(),
            binary.toString(),
            work.toString());
    return new ProcessBuilder(command).redirectErrorStream(true).start();
  }

  private static long awaitPid(Process child) throws IOException {
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      StringBuilder seen = new StringBuilder();
      while ((line = out.readLine()) != null) {
        if (line.startsWith("pid ")) {
          return Long.parseLong(line.substring(4).strip());
        }
        seen.append(line).append('\n');
      }
      throw new IllegalStateException(
          "child JVM ended before the control plane was ready:\n" + seen);
    }
  }

  /** The testcluster's data directory: {@code $TMPDIR/gpu-dra-testcluster-*} with its pid file. */
  private static Optional<Path> dataDir(long pid) throws IOException {
    Path tmp = Path.of(Optional.ofNullable(System.getenv("TMPDIR")).orElse("/tmp"));
    try (Stream<Path> dirs = Files.list(tmp)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith("gpu-dra-testcluster-"))
          .filter(d -> owner(d).equals(Optional.of(pid)))
          .findFirst();
    }
  }

  private static Optional<Long> owner(Path dataDir) {
    try {
      return Optional.of(Long.parseLong(Files.readString(dataDir.resolve("pid")).strip()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
