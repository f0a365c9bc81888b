package dev.gpudra.bench;

import java.io.PrintWriter;
import java.util.Objects;

/** The bench's progress lines on stderr, each with the seconds since the run began. */
final class Progress {
  private final PrintWriter out;
  private final long started = System.nanoTime();

  Progress(PrintWriter out) {
    this.out = Objects.requireNonNull(out, "out");
  }

  void step(String format, Object... args) {
    out.printf("[%5.1fs] %s%n", (System.nanoTime() - started) / 1e9, format.formatted(args));
    out.flush();
  }
}
