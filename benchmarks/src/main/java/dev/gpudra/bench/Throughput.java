package dev.gpudra.bench;

/** Operations completed in an elapsed time. */
public record Throughput(long operations, long nanos) {
  public Throughput {
    if (operations < 0 || nanos <= 0) {
      throw new IllegalArgumentException("need operations >= 0 and a positive elapsed time");
    }
  }

  public double perSecond() {
    return operations * 1e9 / nanos;
  }
}
