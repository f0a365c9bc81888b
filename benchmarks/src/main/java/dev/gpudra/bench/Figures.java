package dev.gpudra.bench;

import java.util.Locale;

/** How the report prints numbers: three significant figures or so, never scientific. */
public final class Figures {
  private Figures() {}

  public static String number(double value) {
    double abs = Math.abs(value);
    String format = abs >= 100 || value == Math.rint(value) ? "%.0f" : abs >= 10 ? "%.1f" : "%.2f";
    return String.format(Locale.ROOT, format, value);
  }

  public static String millis(long nanos) {
    return number(nanos / 1e6) + " ms";
  }

  /** {@code measured / floor}, e.g. {@code 1.8x}. */
  public static String ratio(double measured, double floor) {
    return floor <= 0 ? "-" : String.format(Locale.ROOT, "%.2fx", measured / floor);
  }
}
