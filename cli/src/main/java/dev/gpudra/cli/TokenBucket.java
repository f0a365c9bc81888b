package dev.gpudra.cli;

import java.util.function.LongSupplier;

/**
 * client-go's token bucket: {@code burst} tokens, refilled at {@code qps} per second; a request
 * takes one and waits for it when there is none, in the order the requests came (a taken token may
 * be one that has not refilled yet: its taker sleeps until it has).
 */
final class TokenBucket {
  /** How the bucket waits; a test's records instead. */
  @FunctionalInterface
  interface Sleeper {
    void sleep(long nanos) throws InterruptedException;
  }

  private final double perNano;
  private final int burst;
  private final LongSupplier nanos;
  private final Sleeper sleeper;
  private double tokens;
  private long last;

  TokenBucket(ApiRateLimit limit, LongSupplier nanos, Sleeper sleeper) {
    if (!limit.limited()) {
      throw new IllegalArgumentException("no rate to limit at: " + limit);
    }
    this.perNano = limit.qps() / 1e9;
    this.burst = limit.burst();
    this.nanos = nanos;
    this.sleeper = sleeper;
    this.tokens = burst;
    this.last = nanos.getAsLong();
  }

  /** Takes a token, waiting until it is there. */
  void acquire() throws InterruptedException {
    long wait = reserve();
    if (wait > 0) {
      sleeper.sleep(wait);
    }
  }

  /** Takes a token now, and says how long to wait until it has refilled. */
  private synchronized long reserve() {
    long now = nanos.getAsLong();
    tokens = Math.min(burst, tokens + (now - last) * perNano);
    last = now;
    tokens -= 1;
    return tokens >= 0 ? 0 : (long) Math.ceil(-tokens / perNano);
  }
}
