package dev.gpudra.kit.owner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeOwnerIT {
  @TempDir Path dir;

  @Test
  @DisplayName(
      "a second owner waits, then is refused naming the holder's pid; once the first is closed,"
          + " it gets the directory")
  void oneOwnerAtATime() {
    try (NodeOwner first = NodeOwner.acquire(dir, Duration.ZERO)) {
      long start = System.nanoTime();
      assertThatThrownBy(() -> NodeOwner.acquire(dir, Duration.ofMillis(300)))
          .isInstanceOf(NodeOwnedException.class)
          .hasMessageContaining("pid " + ProcessHandle.current().pid() + ", started ")
          .hasMessageContaining("owns " + dir)
          .hasMessageContaining(dir.resolve(NodeOwner.FILE_NAME).toString());
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(250));
    }
    try (NodeOwner second = NodeOwner.acquire(dir, Duration.ZERO)) {
      assertThat(dir.resolve(NodeOwner.FILE_NAME)).exists();
    }
  }
}
