package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeLockTest {
  @TempDir Path dir;

  @Test
  @DisplayName("a second holder of pu.lock times out with a clear error, then gets it once freed")
  void timesOutWhileHeldElsewhere() {
    Path file = dir.resolve("pu.lock");
    NodeLock first = new NodeLock(file, Duration.ofSeconds(1));
    NodeLock second = new NodeLock(file, Duration.ofMillis(200));

    try (NodeLock.Held held = first.acquire()) {
      assertThatThrownBy(second::acquire)
          .isInstanceOf(LockTimeoutException.class)
          .hasMessageContaining("pu.lock");
    }
    try (NodeLock.Held held = second.acquire()) {
      assertThat(file).exists();
    }
  }
}
