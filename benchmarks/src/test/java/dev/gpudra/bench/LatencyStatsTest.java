package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LatencyStatsTest {
  record Case(String name, long[] samples, long p50, long p99, long max) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("one sample is every percentile", new long[] {7}, 7, 7, 7),
        new Case("1..100: nearest rank", LongStream.rangeClosed(1, 100).toArray(), 50, 99, 100),
        new Case("unsorted input", new long[] {30, 10, 20, 40}, 20, 40, 40),
        new Case("1..1000", LongStream.rangeClosed(1, 1000).toArray(), 500, 990, 1000),
        new Case(
            "one outlier moves only the tail",
            new long[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 900},
            1,
            900,
            900));
  }

  @DisplayName("percentiles are samples that were observed, by nearest rank")
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void percentiles(Case c) {
    LatencyStats stats = LatencyStats.of(c.samples());
    assertThat(stats.count()).isEqualTo(c.samples().length);
    assertThat(stats.p50Nanos()).isEqualTo(c.p50());
    assertThat(stats.p99Nanos()).isEqualTo(c.p99());
    assertThat(stats.maxNanos()).isEqualTo(c.max());
  }

  @Test
  @DisplayName("the samples are left as they were")
  void doesNotSortTheCallersArray() {
    long[] samples = {3, 1, 2};
    LatencyStats.of(samples);
    assertThat(samples).containsExactly(3, 1, 2);
  }

  @Test
  @DisplayName("no samples is an error, not a zero")
  void refusesEmpty() {
    assertThatThrownBy(() -> LatencyStats.of(new long[0]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  @DisplayName("milliseconds are nanoseconds / 1e6")
  void millis() {
    LatencyStats stats = LatencyStats.of(new long[] {1_500_000});
    assertThat(stats.p50Millis()).isEqualTo(1.5);
    assertThat(new Throughput(500, 250_000_000).perSecond()).isEqualTo(2000.0);
  }
}
