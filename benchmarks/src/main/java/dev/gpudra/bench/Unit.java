package dev.gpudra.bench;

/** How a figure of the report is printed. */
enum Unit {
  MILLIS(" ms"),
  MIB(" MiB"),
  PER_SECOND(" /s"),
  FACTOR("x");

  private final String suffix;

  Unit(String suffix) {
    this.suffix = suffix;
  }

  String format(double value) {
    return this == FACTOR ? Figures.ratio(value, 1) : Figures.number(value) + suffix;
  }
}
