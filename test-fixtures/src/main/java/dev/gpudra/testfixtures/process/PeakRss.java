package dev.gpudra.testfixtures.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A running process's peak resident set ({@code VmHWM} in {@code /proc/<pid>/status}). */
public final class PeakRss {
  private PeakRss() {}

  /**
   * The peak resident set of process {@code pid}, in KiB.
   *
   * @throws IllegalStateException when its status has no {@code VmHWM} line (not Linux, or gone)
   */
  public static long kib(long pid) {
    return kib(Path.of("/proc", Long.toString(pid), "status"));
  }

  /** The {@code VmHWM} of a status file, in KiB. */
  static long kib(Path status) {
    try {
      return Files.readAllLines(status).stream()
          .filter(l -> l.startsWith("VmHWM:"))
          .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("no VmHWM line in " + status));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + status, e);
    }
  }
}
