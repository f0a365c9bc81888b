package dev.gpudra.migrate.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One document's lines of a YAML stream, as it was written.
 *
 * @param line the 1-based line of the stream its first line is on
 * @param lines its lines, without leading or trailing blank ones
 */
record DocumentText(int line, List<String> lines) {
  /** {@code ---} alone, or followed by a comment or the document's first node. */
  private static final Pattern SEPARATOR = Pattern.compile("---(?:[ \\t].*)?");

  DocumentText {
    lines = List.copyOf(lines);
  }

  /** The documents of {@code stream}, blank ones left out. */
  static List<DocumentText> split(String stream) {
    String[] all = stream.split("\r?\n", -1);
    List<DocumentText> documents = new ArrayList<>();
    List<String> current = new ArrayList<>();
    int start = 1;
    for (int i = 0; i < all.length; i++) {
      if (!SEPARATOR.matcher(all[i]).matches()) {
        current.add(all[i]);
        continue;
      }
      add(documents, start, current);
      current = new ArrayList<>();
      start = i + 2;
      String rest = all[i].substring(3).strip();
      if (!rest.isEmpty() && !rest.startsWith("#")) {
        current.add(rest);
        start = i + 1;
      }
    }
    add(documents, start, current);
    return documents;
  }

  private static void add(List<DocumentText> documents, int start, List<String> lines) {
    int first = 0;
    while (first < lines.size() && lines.get(first).isBlank()) {
      first++;
    }
    int end = lines.size();
    while (end > first && lines.get(end - 1).isBlank()) {
      end--;
    }
    if (first < end) {
      documents.add(new DocumentText(start + first, lines.subList(first, end)));
    }
  }

  /** The document as written, ending with a newline. */
  String text() {
    return String.join("\n", lines) + "\n";
  }

  /** The comment lines it starts with, each ending with a newline; empty if none. */
  String leadingComments() {
    StringBuilder comments = new StringBuilder();
    for (String line : lines) {
      if (!line.isBlank() && !line.stripLeading().startsWith("#")) {
        break;
      }
      comments.append(line).append('\n');
    }
    return comments.toString();
  }
}
