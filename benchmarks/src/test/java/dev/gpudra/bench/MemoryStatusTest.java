package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MemoryStatusTest {
  private static final String STATUS =
      """
      Name:\tjava
      VmPeak:\t 3000000 kB
      VmHWM:\t   98304 kB
      VmRSS:\t   81920 kB
      RssAnon:\t   70000 kB
      Threads:\t31
      """;

  @Test
  @DisplayName("VmRSS and VmHWM are read in KiB")
  void parses() {
    MemoryStatus memory = MemoryStatus.parse(STATUS);
    assertThat(memory).isEqualTo(new MemoryStatus(81920, 98304));
    assertThat(memory.rssMib()).isEqualTo(80.0);
    assertThat(memory.peakMib()).isEqualTo(96.0);
  }

  @Test
  @DisplayName("a status without VmRSS (a kernel thread, a zombie) is an error")
  void refusesMissingLines() {
    assertThatThrownBy(() -> MemoryStatus.parse("Name:\tkthreadd\nThreads:\t1\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("VmRSS");
  }

  @Test
  @DisplayName("this JVM's own status parses")
  void readsProc() {
    MemoryStatus memory = MemoryStatus.of(ProcessHandle.current().pid());
    assertThat(memory.rssKib()).isPositive();
    assertThat(memory.peakKib()).isGreaterThanOrEqualTo(memory.rssKib());
  }
}
