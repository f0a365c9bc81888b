package dev.gpudra.testfixtures.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeakRssTest {

  @Test
  @DisplayName("VmHWM is read in KiB from a process's status")
  void readsVmHwm(@TempDir Path dir) throws Exception {
    Path status =
        Files.writeString(
            dir.resolve("status"), "Name:\tjava\nVmPeak:\t 9000 kB\nVmHWM:\t  123456 kB\n");

    assertThat(PeakRss.kib(status)).isEqualTo(123456);
  }

  @Test
  @DisplayName("a status without VmHWM is refused, naming the file")
  void noVmHwm(@TempDir Path dir) throws Exception {
    Path status = Files.writeString(dir.resolve("status"), "Name:\tjava\n");

    assertThatThrownBy(() -> PeakRss.kib(status)).hasMessageContaining(status.toString());
  }

  @Test
  @DisplayName("this test's own JVM has a peak resident set")
  void ownProcess() {
    assertThat(PeakRss.kib(ProcessHandle.current().pid())).isPositive();
  }
}
