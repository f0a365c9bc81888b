package dev.gpudra.migrate.manifest;

import java.io.Reader;
import java.util.function.IntFunction;

/**
 * A stream made up as it is read, never whole in memory: a head, then piece 0, 1, 2... up to a
 * count (or without end), then a tail.
 */
final class LazyText extends Reader {
  private final String head;
  private final IntFunction<String> piece;
  private final long count;
  private final String tail;
  private String current;
  private int position;
  private long next;
  private boolean tailGiven;

  LazyText(String head, IntFunction<String> piece, long count, String tail) {
    this.head = head;
    this.piece = piece;
    this.count = count;
    this.tail = tail;
    this.current = head;
  }

  /** {@code piece} repeated without end. */
  static LazyText endless(String piece) {
    return new LazyText("", i -> piece, Long.MAX_VALUE, "");
  }

  @Override
  public int read(char[] buffer, int offset, int length) {
    while (position == current.length()) {
      if (next < count) {
        current = piece.apply((int) next++);
      } else if (!tailGiven) {
        tailGiven = true;
        current = tail;
      } else {
        return -1;
      }
      position = 0;
    }
    int n = Math.min(length, current.length() - position);
    current.getChars(position, position + n, buffer, offset);
    position += n;
    return n;
  }

  @Override
  public void close() {}
}
