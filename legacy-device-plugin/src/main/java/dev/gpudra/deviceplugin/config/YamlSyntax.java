package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A YAML or JSON syntax error as one line: where (line and column) and what. The YAML parser's
 * messages run over several lines (what it was parsing, a snippet with a caret under the problem,
 * what it found, the same position again); this keeps the phrases and the problem's position.
 */
final class YamlSyntax {
  private static final Pattern MARK = Pattern.compile("line (\\d+), column (\\d+)");

  private YamlSyntax() {}

  /**
   * {@code line L, column C: what: phrase: phrase}, without the position where none is known.
   *
   * @param what what the problem is, in the caller's words
   */
  static String describe(JsonProcessingException e, String what) {
    String message = e.getOriginalMessage() == null ? e.toString() : e.getOriginalMessage();
    String phrases =
        message
            .lines()
            .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
            .map(String::strip)
            .collect(Collectors.joining(": "));
    return position(message, e.getLocation()) + what + ": " + phrases;
  }

  /** The last mark in the message (the problem's, after the context's), else the parser's. */
  private static String position(String message, JsonLocation location) {
    Matcher mark = MARK.matcher(message);
    String last = null;
    while (mark.find()) {
      last = mark.group();
    }
    if (last != null) {
      return last + ": ";
    }
    if (location != null && location.getLineNr() > 0) {
      return "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
    }
    return "";
  }
}
