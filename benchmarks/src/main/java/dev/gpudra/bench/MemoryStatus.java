package dev.gpudra.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident memory from {@code /proc/<pid>/status}: {@code VmRSS} now and {@code VmHWM},
 * its peak.
 */
public record MemoryStatus(long rssKib, long peakKib) {
  public MemoryStatus {
    if (rssKib < 0 || peakKib < 0) {
      throw new IllegalArgumentException("negative memory");
    }
  }

  /** Reads {@code /proc/<pid>/status}. */
  public static MemoryStatus of(long pid) {
    try {
      return parse(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the status of process " + pid, e);
    }
  }

  /** Parses the text of a status file; both lines must be present. */
  public static MemoryStatus parse(String status) {
    return new MemoryStatus(kib(status, "VmRSS:"), kib(status, "VmHWM:"));
  }

  private static long kib(String status, String key) {
    for (String line : status.split("\n")) {
      if (line.startsWith(key)) {
        String[] words = line.substring(key.length()).trim().split("\\s+");
        if (words.length == 2 && words[1].equals("kB")) {
          return Long.parseLong(words[0]);
        }
      }
    }
    throw new IllegalArgumentException("no '" + key + " <n> kB' line in the process status");
  }

  public double rssMib() {
    return rssKib / 1024.0;
  }

  public double peakMib() {
    return peakKib / 1024.0;
  }
}
