package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CpuTimeTest {
  @Test
  @DisplayName("utime and stime are fields 14 and 15, counted after a command name with spaces")
  void parses() {
    String stat =
        "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 9000 0 12 0 350 75 0 0 20 0 31 0 99"
            + " 3000000000 20000 18446744073709551615\n";
    CpuTime cpu = CpuTime.parse(stat);
    assertThat(cpu.ticks()).isEqualTo(425);
    assertThat(cpu.millis()).isEqualTo(4250.0);
    assertThat(cpu.since(new CpuTime(400)).millis()).isEqualTo(250.0);
  }

  @Test
  @DisplayName("a line cut before stime is an error")
  void refusesShortLine() {
    assertThatThrownBy(() -> CpuTime.parse("1 (x) S 1 1 1 0 -1 0 0 0 0 0 350"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("utime");
  }

  @Test
  @DisplayName("CPU per cycle sums the runs' time over their cycles; no cycle gives -1")
  void perCycle() {
    ThroughputRun a = new ThroughputRun(new Throughput(300, 1_000_000_000), new CpuTime(30));
    ThroughputRun b = new ThroughputRun(new Throughput(100, 1_000_000_000), new CpuTime(10));
    assertThat(ThroughputRun.cpuMillisPerCycle(a, b)).isEqualTo(1.0);
    assertThat(
            ThroughputRun.cpuMillisPerCycle(
                new ThroughputRun(new Throughput(0, Duration.ofSeconds(1).toNanos()), a.cpu())))
        .isEqualTo(-1.0);
  }
}
