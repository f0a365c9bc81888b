package dev.gpudra.bench;

import java.util.Objects;

/**
 * A figure's target from the issue, e.g. prepare p50 at most 1 ms.
 *
 * @param bound whether the measured value must stay at or below the limit, or reach it
 * @param limit the limit, in {@code unit}
 * @param unit how the limit is printed
 */
record Target(Bound bound, double limit, String unit) {
  enum Bound {
    AT_MOST,
    AT_LEAST
  }

  Target {
    Objects.requireNonNull(bound, "bound");
    Objects.requireNonNull(unit, "unit");
  }

  static Target atMost(double limit, String unit) {
    return new Target(Bound.AT_MOST, limit, unit);
  }

  static Target atLeast(double limit, String unit) {
    return new Target(Bound.AT_LEAST, limit, unit);
  }

  boolean metBy(double measured) {
    return bound == Bound.AT_MOST ? measured <= limit : measured >= limit;
  }

  @Override
  public String toString() {
    String space = unit.equals("x") ? "" : " ";
    return (bound == Bound.AT_MOST ? "<= " : ">= ") + Figures.number(limit) + space + unit;
  }
}
