package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A parser's error as one line: where in the stream, and what. The YAML parser's messages run over
 * several lines (what it was parsing, a snippet with a caret, what it found); this keeps the
 * phrases and the line and column of the problem, counted from the stream's first line.
 */
final class YamlError {
  private static final Pattern MARK = Pattern.compile("line (\\d+), column (\\d+)");

  private YamlError() {}

  /**
   * @param firstLine the stream's line the document starts on
   * @param shift how many columns the document's lines were shifted left (a list's item)
   */
  static String describe(JsonProcessingException e, int firstLine, int shift) {
    String message = e.getOriginalMessage() == null ? e.toString() : e.getOriginalMessage();
    String phrases =
        message
            .lines()
            .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
            .collect(Collectors.joining(": "));
    return at(message, e.getLocation(), firstLine, shift) + ": " + phrases;
  }

  private static String at(String message, JsonLocation location, int firstLine, int shift) {
    Matcher mark = MARK.matcher(message);
    int line = -1;
    int column = -1;
    while (mark.find()) {
      line = Integer.parseInt(mark.group(1));
      column = Integer.parseInt(mark.group(2));
    }
    if (line < 0 && location != null && location.getLineNr() > 0) {
      line = location.getLineNr();
      column = location.getColumnNr();
    }
    return line < 0
        ? " (line " + firstLine + ")"
        : " at line " + (firstLine + line - 1) + ", column " + (column + shift);
  }
}
