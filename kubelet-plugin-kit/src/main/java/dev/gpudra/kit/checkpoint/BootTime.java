package dev.gpudra.kit.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * When the node's current boot began, from the {@code btime} line of {@code /proc/stat} (seconds
 * since the epoch, rounded down). A file last modified before it was written in an earlier boot.
 */
public record BootTime(Path procStat) {
  /** Where the kernel publishes it. */
  public static final Path PROC_STAT = Path.of("/proc/stat");

  /** The current boot's start, empty when the file cannot be read or has no {@code btime}. */
  public Optional<Instant> read() {
    try (var lines = Files.lines(procStat)) {
      return lines.filter(line -> line.startsWith("btime ")).findFirst().flatMap(BootTime::parse);
    } catch (IOException | java.io.UncheckedIOException e) {
      return Optional.empty();
    }
  }

  private static Optional<Instant> parse(String line) {
    try {
      return Optional.of(Instant.ofEpochSecond(Long.parseLong(line.substring(6).trim())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
