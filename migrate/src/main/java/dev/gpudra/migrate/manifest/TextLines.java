package dev.gpudra.migrate.manifest;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;

/**
 * A stream's lines, one at a time, each at most a bound long: never more of the stream in memory
 * than one line and a buffer. Text only: a control character other than tab, CR and LF (a NUL of
 * {@code /dev/zero}, a binary file's bytes), or bytes that are not UTF-8, end it at once. Not
 * thread-safe.
 */
final class TextLines {
  /** A line longer than the bound, so longer than any document may be. */
  static final class LineTooLongException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LineTooLongException() {
      super(null, null, false, false);
    }
  }

  private final Reader in;
  private final String source;
  private final int maxLine;
  private final char[] buffer = new char[16 * 1024];
  private int position;
  private int end;
  private int number;
  private String pushedBack;

  /**
   * @param in the stream, decoded so that bytes that are not UTF-8 throw
   * @param source the file name, for messages
   * @param maxLine the most characters a line may have
   */
  TextLines(Reader in, String source, int maxLine) {
    this.in = in;
    this.source = source;
    this.maxLine = maxLine;
  }

  /** The 1-based number of the line {@link #next} returned last. */
  int number() {
    return number;
  }

  /**
   * The next line, without its line break; null at the end of the stream.
   *
   * @throws LineTooLongException a line past the bound
   * @throws InvalidManifestException not text
   */
  String next() {
    if (pushedBack != null) {
      String line = pushedBack;
      pushedBack = null;
      number++;
      return line;
    }
    StringBuilder line = new StringBuilder();
    number++;
    while (true) {
      if (position == end && !fill()) {
        return line.isEmpty() ? null : strip(line);
      }
      char c = buffer[position++];
      if (c == '\n') {
        return strip(line);
      }
      if (c < ' ' && c != '\t' && c != '\r' || c == 0x7f) {
        throw new InvalidManifestException(
            String.format(
                "%s: not text: character U+%04X at line %d, column %d (a binary file?)",
                source, (int) c, number, line.length() + 1));
      }
      if (line.length() == maxLine) {
        throw new LineTooLongException();
      }
      line.append(c);
    }
  }

  /** Gives {@code line}, the one {@link #next} returned last, back to be returned again. */
  void pushBack(String line) {
    pushedBack = line;
    number--;
  }

  private boolean fill() {
    try {
      int read = in.read(buffer);
      if (read < 0) {
        return false;
      }
      position = 0;
      end = read;
      return true;
    } catch (CharacterCodingException e) {
      throw new InvalidManifestException(
          source + ": not UTF-8 text at line " + number + " (a binary file?)");
    } catch (IOException e) {
      throw new UncheckedIOException(source + ": cannot read", e);
    }
  }

  private static String strip(StringBuilder line) {
    int length = line.length();
    return length > 0 && line.charAt(length - 1) == '\r'
        ? line.substring(0, length - 1)
        : line.toString();
  }
}
