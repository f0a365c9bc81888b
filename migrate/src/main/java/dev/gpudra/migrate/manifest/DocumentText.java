package dev.gpudra.migrate.manifest;

import java.util.List;
import java.util.Optional;

/**
 * Lines of a YAML stream, as written: a document, or a part of one.
 *
 * @param line the 1-based line of the stream its first line is on
 * @param lines its lines, without leading or trailing blank ones
 */
record DocumentText(int line, List<String> lines) {
  DocumentText {
    lines = List.copyOf(lines);
  }

  /** {@code lines}, the first on line {@code start}, without leading and trailing blank ones. */
  static Optional<DocumentText> of(int start, List<String> lines) {
    int first = 0;
    while (first < lines.size() && lines.get(first).isBlank()) {
      first++;
    }
    int end = lines.size();
    while (end > first && lines.get(end - 1).isBlank()) {
      end--;
    }
    return first < end
        ? Optional.of(new DocumentText(start + first, lines.subList(first, end)))
        : Optional.empty();
  }

  /** The lines, each ending with a newline. */
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
