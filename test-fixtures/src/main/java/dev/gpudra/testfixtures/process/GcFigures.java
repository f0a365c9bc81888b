package dev.gpudra.testfixtures.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a unified GC log ({@code -Xlog:gc}) says of a heap: the most it held before a collection and
 * the most that was still live after one, from lines such as {@code Pause Young (Normal) (G1
 * Evacuation Pause) 24M->5M(64M) 3.2ms}. Only collections count (young, mixed, full): G1's Remark
 * and Cleanup pauses print the heap as it is, garbage included.
 *
 * @param peakMib the most the heap held before a collection
 * @param liveMib the most still live after one
 */
public record GcFigures(long peakMib, long liveMib) {
  private static final Pattern PAUSE = Pattern.compile("(\\d+)M->(\\d+)M\\(\\d+M\\)");

  /** The figures of a GC log file. */
  public static GcFigures of(Path log) {
    try {
      return of(Files.readAllLines(log));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the GC log " + log, e);
    }
  }

  /** The figures of a GC log's lines. */
  public static GcFigures of(List<String> lines) {
    long peak = 0;
    long live = 0;
    for (String line : lines) {
      Matcher m = PAUSE.matcher(line);
      if ((line.contains("Pause Young") || line.contains("Pause Full")) && m.find()) {
        peak = Math.max(peak, Long.parseLong(m.group(1)));
        live = Math.max(live, Long.parseLong(m.group(2)));
      }
    }
    return new GcFigures(peak, live);
  }
}
