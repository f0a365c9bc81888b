package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A list's pieces parsed: each item on its own, shifted left to its own indentation; head and tail
 * together as the list's object without its items. Holds one list's head at a time.
 */
final class ListParts {
  private final ManifestReader reader;
  private final String source;
  private ObjectNode head;
  private int headLine;

  ListParts(ManifestReader reader, String source) {
    this.reader = reader;
    this.source = source;
  }

  ListHead head(DocumentScanner.Head piece) {
    DocumentText text = piece.text();
    String where = source + ", document " + piece.index();
    JsonNode tree = reader.tree(where, text, 0);
    if (!(tree instanceof ObjectNode object)) {
      throw new InvalidManifestException(
          where + " (line " + text.line() + "): not a Kubernetes object (a mapping)");
    }
    head = object;
    headLine = text.line();
    return new ListHead(source, piece.index(), text.line(), text.text());
  }

  ListItem item(DocumentScanner.Item piece) {
    DocumentText text = piece.text();
    int shift = piece.indent() + 2;
    List<String> shifted = new ArrayList<>(text.lines().size());
    for (String line : text.lines()) {
      shifted.add(shiftLeft(line, shift));
    }
    DocumentText own = new DocumentText(text.line(), shifted);
    String where = source + ", document " + piece.index() + ", item " + piece.item();
    JsonNode node = reader.tree(where, own, shift);
    return new ListItem(
        source,
        piece.index(),
        piece.item(),
        text.line(),
        text.text(),
        piece.indent(),
        node == null || node.isMissingNode() ? NullNode.instance : node,
        node instanceof ObjectNode && reader.usesAliases(own.text()));
  }

  ListTail tail(DocumentScanner.Tail piece) {
    String where = source + ", document " + piece.index();
    ObjectNode list = head.deepCopy();
    Optional<DocumentText> text = DocumentText.of(piece.line(), piece.lines());
    if (text.isPresent()) {
      JsonNode tree = reader.tree(where, text.get(), 0);
      if (!(tree instanceof ObjectNode tail)) {
        throw new InvalidManifestException(
            where + " (line " + text.get().line() + "): not a mapping after its items");
      }
      for (var field : tail.properties()) {
        if (list.has(field.getKey())) {
          throw new InvalidManifestException(
              where + " (line " + text.get().line() + "): duplicate field " + field.getKey());
        }
        list.set(field.getKey(), field.getValue());
      }
    }
    ManifestReader.object(where, headLine, list);
    return new ListTail(source, piece.index(), text.map(DocumentText::text).orElse(""), list);
  }

  /** {@code line} without the item's {@code - } and indentation; a comment as it is. */
  private static String shiftLeft(String line, int shift) {
    if (line.length() >= shift && line.substring(0, shift).isBlank()) {
      return line.substring(shift);
    }
    if (line.stripLeading().startsWith("-") && line.indexOf('-') == shift - 2) {
      return line.substring(Math.min(line.length(), shift));
    }
    return line.stripLeading();
  }
}
