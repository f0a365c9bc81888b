package dev.gpudra.migrate.manifest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.regex.Pattern;

/**
 * Cuts a stream's lines into documents at {@code ---} lines, one at a time; a document whose
 * top-level {@code items} is a block sequence into its head, each item and its tail, so that a list
 * of any length is never in memory whole. No piece may pass {@code maxChars}. Not thread-safe.
 */
final class DocumentScanner {
  /** What the scanner gives: text, with the document's 1-based number. */
  sealed interface Piece {
    int index();
  }

  record Whole(int index, DocumentText text) implements Piece {}

  record Head(int index, DocumentText text) implements Piece {}

  /**
   * @param indent the column of the item's {@code -}
   */
  record Item(int index, int item, DocumentText text, int indent) implements Piece {}

  /** Empty lines for a list that ends with its last item. */
  record Tail(int index, int line, List<String> lines) implements Piece {}

  /** {@code ---} alone, or followed by a comment or the document's first node. */
  private static final Pattern SEPARATOR = Pattern.compile("---(?:[ \\t].*)?");

  private static final Pattern END = Pattern.compile("\\.\\.\\.(?:[ \\t]+#.*)?");
  private static final Pattern ITEMS = Pattern.compile("items:[ \\t]*(?:#.*)?");
  private static final Pattern ITEM = Pattern.compile("( *)-(?:[ \\t].*)?");

  private enum Mode {
    DOCUMENT,
    AFTER_ITEMS_KEY,
    ITEMS,
    TAIL
  }

  private final TextLines lines;
  private final String source;
  private final int maxChars;
  private final Queue<Piece> ready = new ArrayDeque<>();
  private Mode mode = Mode.DOCUMENT;
  private List<String> current = new ArrayList<>();
  private int start = 1;
  private int chars;
  private int documents;
  private int items;
  private int indent;
  private boolean ended;

  DocumentScanner(TextLines lines, String source, int maxChars) {
    this.lines = lines;
    this.source = source;
    this.maxChars = maxChars;
  }

  /** The next piece; null after the last. */
  Piece next() {
    while (ready.isEmpty() && !ended) {
      step();
    }
    return ready.poll();
  }

  private void step() {
    String line;
    try {
      line = lines.next();
    } catch (TextLines.LineTooLongException e) {
      throw tooLarge();
    }
    if (line == null) {
      finishDocument();
      ended = true;
      return;
    }
    if (SEPARATOR.matcher(line).matches() || END.matcher(line).matches()) {
      finishDocument();
      start = lines.number() + 1;
      String rest = line.substring(3).strip();
      if (line.startsWith("---") && !rest.isEmpty() && !rest.startsWith("#")) {
        add(rest);
        start = lines.number();
      }
      return;
    }
    switch (mode) {
      case DOCUMENT, TAIL -> documentLine(line);
      case AFTER_ITEMS_KEY -> afterItemsKey(line);
      case ITEMS -> itemLine(line);
    }
  }

  private void documentLine(String line) {
    add(line);
    if (mode == Mode.DOCUMENT && ITEMS.matcher(line).matches()) {
      mode = Mode.AFTER_ITEMS_KEY;
    }
  }

  private void afterItemsKey(String line) {
    if (isBlankOrComment(line)) {
      add(line);
      return;
    }
    var item = ITEM.matcher(line);
    if (!item.matches()) {
      mode = Mode.DOCUMENT;
      documentLine(line);
      return;
    }
    documents++;
    DocumentText.of(start, current).ifPresent(head -> ready.add(new Head(documents, head)));
    mode = Mode.ITEMS;
    indent = item.group(1).length();
    items = 0;
    restart(lines.number());
    add(line);
  }

  private void itemLine(String line) {
    if (isBlankOrComment(line)) {
      add(line);
      return;
    }
    int column = indentOf(line);
    if (column > indent) {
      add(line);
      return;
    }
    finishItem();
    restart(lines.number());
    if (column == indent && ITEM.matcher(line).matches()) {
      add(line);
    } else {
      mode = Mode.TAIL;
      add(line);
    }
  }

  private void finishItem() {
    items++;
    DocumentText.of(start, current)
        .ifPresent(item -> ready.add(new Item(documents, items, item, indent)));
  }

  private void finishDocument() {
    switch (mode) {
      case DOCUMENT, AFTER_ITEMS_KEY ->
          DocumentText.of(start, current)
              .ifPresent(text -> ready.add(new Whole(++documents, text)));
      case ITEMS -> {
        finishItem();
        ready.add(new Tail(documents, lines.number(), List.of()));
      }
      case TAIL -> ready.add(new Tail(documents, start, List.copyOf(current)));
    }
    mode = Mode.DOCUMENT;
    restart(lines.number() + 1);
  }

  private void restart(int line) {
    current = new ArrayList<>();
    start = line;
    chars = 0;
  }

  private void add(String line) {
    chars += line.length() + 1;
    if (chars > maxChars) {
      throw tooLarge();
    }
    current.add(line);
  }

  private InvalidManifestException tooLarge() {
    boolean inList = mode == Mode.ITEMS;
    boolean counted = inList || mode == Mode.TAIL;
    String where =
        source
            + ", document "
            + (counted ? documents : documents + 1)
            + (inList ? ", item " + (items + 1) : "")
            + " (line "
            + start
            + ")";
    return new InvalidManifestException(
        where
            + ": larger than "
            + ManifestReader.MAX_DOCUMENT_MIB
            + " MiB, the most a document"
            + (inList ? " or a list's item" : "")
            + " may be (the API server's limit for a request)");
  }

  private static boolean isBlankOrComment(String line) {
    String stripped = line.strip();
    return stripped.isEmpty() || stripped.startsWith("#");
  }

  private static int indentOf(String line) {
    int column = 0;
    while (column < line.length() && line.charAt(column) == ' ') {
      column++;
    }
    return column;
  }
}
