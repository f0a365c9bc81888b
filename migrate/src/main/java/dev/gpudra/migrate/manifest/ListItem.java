package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One item of a list read item by item ({@link ListHead}).
 *
 * @param source the file it came from
 * @param index its document's 1-based number among the source's documents
 * @param item its 1-based number among the list's items
 * @param line the line of the source it starts on
 * @param text its lines as written ({@code - } and all), ending with a newline
 * @param indent the column of its {@code -}
 * @param node the item; an object when it is a Kubernetes object, anything else as it is
 * @param usesAliases whether it refers to a YAML anchor ({@code *name}), so must not be written
 *     back from the tree
 */
public record ListItem(
    String source,
    int index,
    int item,
    int line,
    String text,
    int indent,
    JsonNode node,
    boolean usesAliases)
    implements ManifestPart {

  public ListItem {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(node, "node");
  }

  /** Where it is, for messages: {@code all.yaml, document 1, item 7 (line 230)}. */
  public String where() {
    return source + ", document " + index + ", item " + item + " (line " + line + ")";
  }
}
