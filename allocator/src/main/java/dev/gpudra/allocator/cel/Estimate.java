package dev.gpudra.allocator.cel;

/**
 * The worst-case cost of evaluating an expression and the worst-case size of its value.
 *
 * @param cost cost units, as counted by {@link CostEstimator}
 * @param size string or bytes length, or list or map entry count; 1 for scalars
 * @param elementSize the largest element (list) or key (map) size
 * @param shape where the value sits in the {@code device} variable, if it does
 */
record Estimate(long cost, long size, long elementSize, Shape shape) {
  /** The size assumed for values the estimator cannot bound (results of accumulations). */
  static final long UNKNOWN_SIZE = 1024;

  /** Kubernetes' size limits on device data. */
  static final long MAX_ENTRIES = 32;

  static final long MAX_DOMAIN_LENGTH = 63;
  static final long MAX_ID_LENGTH = 32;
  static final long MAX_VALUE_LENGTH = 64;

  /** Positions inside {@code device} whose sizes Kubernetes bounds. */
  enum Shape {
    OTHER,
    DEVICE,
    DOMAINS,
    IDS
  }

  static Estimate scalar(long cost) {
    return new Estimate(cost, 1, 0, Shape.OTHER);
  }

  static Estimate sized(long cost, long size, long elementSize) {
    return new Estimate(cost, size, elementSize, Shape.OTHER);
  }

  Estimate plusCost(long more) {
    return new Estimate(add(cost, more), size, elementSize, shape);
  }

  Estimate withCost(long newCost) {
    return new Estimate(newCost, size, elementSize, shape);
  }

  /** Saturating addition, so estimates never overflow. */
  static long add(long a, long b) {
    long r = a + b;
    return (r < 0 || r > Long.MAX_VALUE / 4) ? Long.MAX_VALUE / 4 : r;
  }

  /** Saturating multiplication of non-negative numbers. */
  static long multiply(long a, long b) {
    if (a == 0 || b == 0) {
      return 0;
    }
    return a > (Long.MAX_VALUE / 4) / b ? Long.MAX_VALUE / 4 : a * b;
  }

  /** Cost of traversing {@code length} characters: one unit per ten, as cel-go counts. */
  static long traversal(long length) {
    return (length + 9) / 10;
  }
}
