package dev.gpudra.buildtools.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The cells of a Markdown file's tables (GitHub's pipe tables: a header row, a delimiter row such
 * as {@code |---|:--:|}, then rows up to a blank line or a line without a pipe), and how many words
 * each holds.
 */
public final class Tables {
  private static final Pattern DELIMITER_ROW =
      Pattern.compile("^\\s*\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*$");
  private static final Pattern CELL_SEPARATOR = Pattern.compile("(?<!\\\\)\\|");
  private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
  private static final Pattern TAG = Pattern.compile("</?[a-zA-Z][^>]*>");
  private static final Pattern WORD = Pattern.compile(".*[\\p{L}\\p{N}].*");

  private Tables() {}

  /** One cell as written (trimmed), on its 1-based line, with its word count. */
  public record Cell(int line, String text, int words) {}

  /** Every cell of every table of the file, header cells included. */
  public static List<Cell> cells(MarkdownSource source) {
    List<Cell> cells = new ArrayList<>();
    List<MarkdownSource.Line> prose = source.prose();
    int i = 0;
    while (i + 1 < prose.size()) {
      if (!startsTable(prose, i)) {
        i++;
        continue;
      }
      addRow(prose.get(i), cells);
      int row = i + 2;
      while (row < prose.size() && continues(prose, row)) {
        addRow(prose.get(row), cells);
        row++;
      }
      i = row;
    }
    return cells;
  }

  private static boolean startsTable(List<MarkdownSource.Line> prose, int i) {
    MarkdownSource.Line header = prose.get(i);
    MarkdownSource.Line delimiter = prose.get(i + 1);
    return header.text().contains("|")
        && delimiter.number() == header.number() + 1
        && delimiter.text().contains("|")
        && DELIMITER_ROW.matcher(delimiter.text()).matches();
  }

  private static boolean continues(List<MarkdownSource.Line> prose, int row) {
    MarkdownSource.Line line = prose.get(row);
    return line.number() == prose.get(row - 1).number() + 1
        && !line.text().isBlank()
        && line.text().contains("|");
  }

  private static void addRow(MarkdownSource.Line line, List<Cell> cells) {
    String row = line.text().strip();
    if (row.startsWith("|")) {
      row = row.substring(1);
    }
    if (row.endsWith("|") && !row.endsWith("\\|")) {
      row = row.substring(0, row.length() - 1);
    }
    for (String cell : CELL_SEPARATOR.split(row, -1)) {
      cells.add(new Cell(line.number(), cell.strip(), words(cell)));
    }
  }

  /**
   * Words as a reader counts them: each code span is one word, a link counts its text, and a token
   * without a letter or digit (an arrow, a dash) is no word.
   */
  public static int words(String cell) {
    String text = MarkdownSource.replaceCodeSpans(cell, " code ");
    text = LINK.matcher(text).replaceAll("$1");
    text = TAG.matcher(text).replaceAll(" ");
    int words = 0;
    for (String token : text.strip().split("\\s+")) {
      if (WORD.matcher(token).matches()) {
        words++;
      }
    }
    return words;
  }
}
