package dev.gpudra.cli;

/**
 * A client-side limit on API requests: {@code qps} per second once {@code burst} requests went at
 * once; {@link #NONE} for none.
 */
record ApiRateLimit(double qps, int burst) {
  static final ApiRateLimit NONE = new ApiRateLimit(0, 0);

  boolean limited() {
    return qps > 0;
  }
}
