package dev.gpudra.migrate.manifest;

import java.util.Objects;

/**
 * The start of a document whose top-level {@code items} is a block sequence (a {@code kind: List},
 * as {@code kubectl get -o yaml} writes one): its lines up to and including {@code items:}. Its
 * {@link ListItem}s and then its {@link ListTail} follow.
 *
 * @param source the file it came from
 * @param index its document's 1-based number among the source's documents
 * @param line the line of the source it starts on
 * @param text its lines as written, ending with a newline
 */
public record ListHead(String source, int index, int line, String text) implements ManifestPart {
  public ListHead {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
  }
}
