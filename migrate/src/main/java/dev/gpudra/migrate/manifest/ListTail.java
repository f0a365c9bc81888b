package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * The end of a list read item by item: its lines after the items (often {@code kind: List} and
 * {@code metadata}), possibly none.
 *
 * @param source the file it came from
 * @param index its document's 1-based number among the source's documents
 * @param text its lines as written, ending with a newline; empty if none
 * @param object the list without its items: head and tail together, with {@code apiVersion} and
 *     {@code kind}
 */
public record ListTail(String source, int index, String text, ObjectNode object)
    implements ManifestPart {
  public ListTail {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(object, "object");
  }
}
