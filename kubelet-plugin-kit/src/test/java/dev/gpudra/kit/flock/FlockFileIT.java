package dev.gpudra.kit.flock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.dra.LockTimeoutException;
import dev.gpudra.kit.dra.NodeLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our locks against another process's {@code flock(2)}, taken by util-linux's {@code flock(1)} as
 * NVIDIA's plugin takes {@code pu.lock} and {@code cp.lock}: each side waits for the other.
 */
class FlockFileIT {
  @TempDir Path dir;

  @Test
  @DisplayName("a lock another process holds with flock(1) keeps us out until it exits")
  void excludedByAnotherProcess() throws Exception {
    Path file = dir.resolve("pu.lock");
    Process holder = hold(file);
    try {
      assertThat(new FlockFile(file).acquire(Duration.ofMillis(300))).isEmpty();
      Assertions.assertThatThrownBy(() -> new NodeLock(file, Duration.ofMillis(300)).acquire())
          .isInstanceOf(LockTimeoutException.class)
          .hasMessageContaining("pu.lock");
    } finally {
      holder.descendants().forEach(ProcessHandle::destroy);
      holder.destroy();
      holder.waitFor(5, TimeUnit.SECONDS);
    }
    try (FlockFile.Held held = new FlockFile(file).acquire(Duration.ofSeconds(5)).orElseThrow()) {
      assertThat(file).exists();
    }
  }

  @Test
  @DisplayName(
      "while we hold the lock, another process's flock(1) -n fails; after release it works")
  void excludesAnotherProcess() throws Exception {
    Path file = dir.resolve("cp.lock");
    try (FlockFile.Held held = new FlockFile(file).acquire(Duration.ofSeconds(1)).orElseThrow()) {
      assertThat(tryFlock(file)).as("flock -n while we hold it").isEqualTo(1);
    }
    assertThat(tryFlock(file)).as("flock -n after release").isZero();
  }

  @Test
  @DisplayName("two holders in one process exclude each other (one open file description each)")
  void excludesWithinProcess() throws Exception {
    Path file = dir.resolve("pu.lock");
    try (FlockFile.Held held = new FlockFile(file).acquire(Duration.ofSeconds(1)).orElseThrow()) {
      assertThat(new FlockFile(file).acquire(Duration.ofMillis(100))).isEmpty();
    }
  }

  /**
   * {@code flock -x -o FILE sh -c '...; sleep 60'}, once it holds the lock ({@code -o}: only
   * flock(1) itself holds it, so stopping it releases the lock).
   */
  private static Process hold(Path file) throws IOException, InterruptedException {
    Path marker = file.resolveSibling("held");
    Process p =
        new ProcessBuilder(
                "flock", "-x", "-o", file.toString(), "sh", "-c", "touch " + marker + "; sleep 60")
            .inheritIO()
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!Files.exists(marker)) {
      assertThat(p.isAlive()).as("flock(1) is running").isTrue();
      assertThat(System.nanoTime() - deadline).as("flock(1) took the lock").isNegative();
      Thread.sleep(20);
    }
    return p;
  }

  private static int tryFlock(Path file) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("flock", "-n", "-x", file.toString(), "true").start();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    return p.exitValue();
  }
}
