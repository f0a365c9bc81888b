package dev.gpudra.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A chart directory's {@code version}, as its Chart.yaml says. */
final class ChartVersions {
  private ChartVersions() {}

  static String of(Path chart) throws IOException {
    return Files.readAllLines(chart.resolve("Chart.yaml")).stream()
        .filter(l -> l.startsWith("version:"))
        .map(l -> l.substring("version:".length()).strip().replace("\"", ""))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException(chart + "/Chart.yaml names no version"));
  }
}
