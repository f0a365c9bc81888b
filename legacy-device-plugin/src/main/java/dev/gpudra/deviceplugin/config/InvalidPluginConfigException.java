package dev.gpudra.deviceplugin.config;

/**
 * A device-plugin config that cannot be used, naming where (file, env or flag) and which field. The
 * message is always one line: a line break or other control character that came from the input (a
 * field name, a value) is written as its escape, so a log line or the CLI's error stays one line;
 * and at most {@link #MAX_MESSAGE} characters: the middle of a longer one (a huge value echoed) is
 * left out, the start (where) and the end (what is wanted) kept.
 */
public final class InvalidPluginConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The longest message, in characters. */
  public static final int MAX_MESSAGE = 2000;

  private static final int KEPT_END = 300;

  public InvalidPluginConfigException(String message) {
    super(oneLine(message));
  }

  public InvalidPluginConfigException(String message, Throwable cause) {
    super(oneLine(message), cause);
  }

  private static String oneLine(String message) {
    StringBuilder line = new StringBuilder(message.length());
    message
        .codePoints()
        .forEach(c -> {
          switch (c) {
            case '\n' -> line.append("\\n");
            case '\r' -> line.append("\\r");
            case '\t' -> line.append("\\t");
            default -> {
              if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
                line.append(String.format("\\u%04x", c));
              } else {
                line.appendCodePoint(c);
              }
            }
          }
        });
    return shortened(line.toString());
  }

  private static String shortened(String line) {
    if (line.length() <= MAX_MESSAGE) {
      return line;
    }
    int head = MAX_MESSAGE - KEPT_END - 64; // the gap's words take fewer than 64
    int end = line.length() - KEPT_END;
    return line.substring(0, head)
        + " ... ("
        + (end - head)
        + " characters left out) ... "
        + line.substring(end);
  }
}
