package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.XidEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * XID errors injected from outside the process that holds the simulated NVML: another process (the
 * real-node demo, a test) appends lines {@code <gpu-uuid> <xid>} or {@code <gpu-uuid> <xid> <gi>
 * <ci>}, optionally ending in {@code recovery=<action>} (the recovery action the driver sets with
 * it, {@link RecoveryAction#parse}), or {@code <gpu-uuid> recovery=<action>} alone (the GPU was
 * reset: {@code recovery=none}), to this file, and each complete line counts once. Lines already
 * there when the inbox opens are not replayed, as a restarted plugin does not see a real GPU's past
 * XIDs. A read takes at most {@link #MAX_READ} bytes; a line over {@link #MAX_LINE} characters, a
 * malformed line or an unknown GPU is refused, naming the file and line, and the lines after it
 * still count. Not thread-safe: the NVML reads it under its own lock.
 */
final class XidInbox {
  /** The most bytes one read consumes; the rest waits for the next read. */
  static final int MAX_READ = 64 * 1024;

  /** The longest line accepted. */
  static final int MAX_LINE = 256;

  private static final String RECOVERY = "recovery=";

  /**
   * One well-formed line: an XID, a recovery action, or both.
   *
   * @param gpuUuid the GPU it is about
   * @param xid the XID event, if the line has one
   * @param action the recovery action the driver sets, if the line names one
   */
  record Report(String gpuUuid, Optional<XidEvent> xid, Optional<RecoveryAction> action) {}

  /**
   * What one read found.
   *
   * @param reports the well-formed lines, in order
   * @param refused one message per refused line, each naming the file and line
   */
  record Batch(List<Report> reports, List<String> refused) {
    Batch {
      reports = List.copyOf(reports);
      refused = List.copyOf(refused);
    }

    /** The XID events among the reports, in order. */
    List<XidEvent> events() {
      return reports.stream().flatMap(r -> r.xid().stream()).toList();
    }
  }

  private final Path file;
  private final Set<String> gpus;
  private long offset;
  private long lines;

  /**
   * @param file the inbox; it may not exist yet
   * @param gpus the UUIDs of the GPUs a line may name
   */
  XidInbox(Path file, Set<String> gpus) {
    this.file = file;
    this.gpus = Set.copyOf(gpus);
    for (String text = next(); text != null; text = next()) {
      lines += text.chars().filter(c -> c == '\n').count() + 1;
    }
  }

  /** The lines completed since the last read (at most {@link #MAX_READ} bytes of them). */
  Batch read() {
    List<Report> reports = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    String text = next();
    if (text == null) {
      return new Batch(reports, refused);
    }
    for (String line : text.split("\n", -1)) {
      lines++;
      if (line.isBlank()) {
        continue;
      }
      try {
        reports.add(parse(line.strip()));
      } catch (IllegalArgumentException e) {
        refused.add(file + ":" + lines + ": " + e.getMessage());
      }
    }
    return new Batch(reports, refused);
  }

  private Report parse(String line) {
    if (line.length() > MAX_LINE) {
      throw new IllegalArgumentException("line longer than " + MAX_LINE + " characters");
    }
    List<String> fields = new ArrayList<>(List.of(line.split("\\s+")));
    Optional<RecoveryAction> action = Optional.empty();
    if (fields.getLast().startsWith(RECOVERY)) {
      action = Optional.of(RecoveryAction.parse(fields.removeLast().substring(RECOVERY.length())));
    }
    int size = fields.size();
    if (size != 2 && size != 4 && !(size == 1 && action.isPresent())) {
      throw new IllegalArgumentException(
          "want '<gpu-uuid> <xid> [<gi> <ci>] [recovery=<action>]' or '<gpu-uuid>"
              + " recovery=<action>', got '"
              + line
              + "'");
    }
    String gpu = fields.getFirst();
    if (!gpus.contains(gpu)) {
      throw new IllegalArgumentException("no GPU " + gpu);
    }
    return new Report(gpu, size == 1 ? Optional.empty() : Optional.of(event(fields)), action);
  }

  private static XidEvent event(List<String> fields) {
    long xid = number(fields.get(1), "xid");
    if (fields.size() == 2) {
      return new XidEvent(fields.get(0), xid, XidEvent.WHOLE_GPU, XidEvent.WHOLE_GPU);
    }
    return new XidEvent(
        fields.get(0), xid, (int) number(fields.get(2), "gi"), (int) number(fields.get(3), "ci"));
  }

  private static long number(String field, String name) {
    try {
      long value = Long.parseLong(field);
      if (value < 0 || value > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(name + " " + field + " is out of range");
      }
      return value;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " '" + field + "' is not a number", e);
    }
  }

  /**
   * The complete lines after the offset, up to {@link #MAX_READ} bytes, without their last newline;
   * the offset moves past them. A line that alone exceeds the bound is consumed whole as one
   * over-long line. Null when there is no complete line (or no file).
   */
  private String next() {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      if (channel.size() < offset) {
        offset = 0; // replaced by a shorter file: read it from its start
      }
      ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(MAX_READ, channel.size() - offset));
      channel.read(buffer, offset);
      byte[] bytes = buffer.array();
      int end = lastNewline(bytes, buffer.position());
      if (end < 0) {
        return buffer.position() == MAX_READ ? skipLongLine(channel) : null;
      }
      offset += end + 1;
      return new String(bytes, 0, end, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the simulated XID inbox " + file, e);
    }
  }

  /** Past a line longer than a whole read, to its newline; it reads as one over-long line. */
  private String skipLongLine(FileChannel channel) throws IOException {
    ByteBuffer one = ByteBuffer.allocate(1);
    long at = offset + MAX_READ;
    while (channel.read(one.clear(), at) == 1) {
      at++;
      if (one.get(0) == '\n') {
        offset = at;
        return "x".repeat(MAX_LINE + 1);
      }
    }
    return null;
  }

  private static int lastNewline(byte[] bytes, int length) {
    for (int i = length - 1; i >= 0; i--) {
      if (bytes[i] == '\n') {
        return i;
      }
    }
    return -1;
  }
}
