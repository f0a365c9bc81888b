package dev.gpudra.webhook.server;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a unified GC log ({@code -Xlog:gc}) says of a heap: the most it held before a collection and
 * the most that was still live after one, from lines such as {@code Pause Young (Normal) (G1
 * Evacuation Pause) 24M->5M(64M) 3.2ms}. Only collections count (young, mixed, full): G1's Remark
 * and Cleanup pauses print the heap as it is, garbage included.
 */
record GcFigures(long peakMib, long liveMib) {
  private static final Pattern PAUSE = Pattern.compile("(\\d+)M->(\\d+)M\\(\\d+M\\)");

  static GcFigures of(List<String> lines) {
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
