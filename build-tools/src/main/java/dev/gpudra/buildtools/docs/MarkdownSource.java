package dev.gpudra.buildtools.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown file as the checks read it: its lines, 1-based, and which of them belong to a fenced
 * code block (fence lines included). Links, headings and tables live only in {@link #prose()}.
 */
public record MarkdownSource(List<String> lines, List<Boolean> fenced) {
  // GitHub accepts fences inside list items, indented past CommonMark's three spaces
  private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})(.*)$");

  public MarkdownSource {
    lines = List.copyOf(lines);
    fenced = List.copyOf(fenced);
    if (lines.size() != fenced.size()) {
      throw new IllegalArgumentException(lines.size() + " lines, " + fenced.size() + " flags");
    }
  }

  /** One line outside fenced code, with its 1-based number. */
  public record Line(int number, String text) {}

  public static MarkdownSource read(Path file) throws IOException {
    return parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
  }

  public static MarkdownSource parse(String text) {
    List<String> lines = text.lines().toList();
    List<Boolean> fenced = new ArrayList<>(lines.size());
    String open = null;
    for (String line : lines) {
      Matcher fence = FENCE.matcher(line);
      if (open == null) {
        boolean opens =
            fence.matches() && !(fence.group(1).startsWith("`") && fence.group(2).contains("`"));
        if (opens) {
          open = fence.group(1);
        }
        fenced.add(opens);
      } else {
        fenced.add(true);
        if (closes(fence, open)) {
          open = null;
        }
      }
    }
    return new MarkdownSource(lines, fenced);
  }

  private static boolean closes(Matcher fence, String open) {
    return fence.matches()
        && fence.group(1).charAt(0) == open.charAt(0)
        && fence.group(1).length() >= open.length()
        && fence.group(2).isBlank();
  }

  /** The lines outside fenced code blocks. */
  public List<Line> prose() {
    List<Line> prose = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!fenced.get(i)) {
        prose.add(new Line(i + 1, lines.get(i)));
      }
    }
    return prose;
  }

  /**
   * The line with each code span ({@code `x`}, {@code ``x ` y``}) replaced; a backtick run that no
   * run of the same length closes stays as it is, as CommonMark reads it.
   */
  public static String replaceCodeSpans(String line, String replacement) {
    StringBuilder out = new StringBuilder(line.length());
    int i = 0;
    while (i < line.length()) {
      if (line.charAt(i) != '`') {
        out.append(line.charAt(i++));
        continue;
      }
      int run = runLength(line, i);
      int close = closingRun(line, i + run, run);
      if (close < 0) {
        out.append(line, i, i + run);
        i += run;
      } else {
        out.append(replacement);
        i = close + run;
      }
    }
    return out.toString();
  }

  private static int runLength(String line, int from) {
    int end = from;
    while (end < line.length() && line.charAt(end) == '`') {
      end++;
    }
    return end - from;
  }

  private static int closingRun(String line, int from, int length) {
    int i = from;
    while (i < line.length()) {
      if (line.charAt(i) == '`') {
        int run = runLength(line, i);
        if (run == length) {
          return i;
        }
        i += run;
      } else {
        i++;
      }
    }
    return -1;
  }
}
