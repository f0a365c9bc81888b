package dev.gpudra.deviceplugin.config;

/**
 * A device-plugin config that cannot be used, naming where (file, env or flag) and which field. The
 * message is always one line: a line break or other control character that came from the input (a
 * field name, a value) is written as its escape, so a log line or the CLI's error stays one line.
 */
public final class InvalidPluginConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

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
    return line.toString();
  }
}
