package dev.gpudra.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time a process has used, user plus system, all its threads: fields 14 ({@code utime}) and
 * 15 ({@code stime}) of {@code /proc/<pid>/stat}, in clock ticks.
 *
 * @param ticks utime + stime, in the kernel's {@code USER_HZ} ticks
 */
public record CpuTime(long ticks) {
  /**
   * {@code /proc} counts in {@code USER_HZ}, which Linux fixes at 100 for user space on every
   * architecture (whatever the kernel's own tick rate), so a tick is 10 ms.
   */
  static final double MILLIS_PER_TICK = 10;

  public CpuTime {
    if (ticks < 0) {
      throw new IllegalArgumentException("negative CPU time");
    }
  }

  /** Reads {@code /proc/<pid>/stat}. */
  public static CpuTime of(long pid) {
    try {
      return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the CPU time of process " + pid, e);
    }
  }

  /**
   * Parses a stat line. The second field, the command name in parentheses, may hold spaces and
   * parentheses itself, so the fields are counted from the last {@code ')'}: the state is field 3.
   */
  public static CpuTime parse(String stat) {
    int end = stat.lastIndexOf(')');
    if (end < 0) {
      throw new IllegalArgumentException("no '(comm)' field in the process stat");
    }
    String[] fields = stat.substring(end + 1).trim().split("\\s+");
    int utime = 14 - 3;
    if (fields.length <= utime + 1) {
      throw new IllegalArgumentException("the process stat has no utime and stime");
    }
    return new CpuTime(Long.parseLong(fields[utime]) + Long.parseLong(fields[utime + 1]));
  }

  /** The time used since {@code earlier}. */
  public CpuTime since(CpuTime earlier) {
    return new CpuTime(ticks - earlier.ticks);
  }

  public double millis() {
    return ticks * MILLIS_PER_TICK;
  }
}
