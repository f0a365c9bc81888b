package dev.gpudra.migrate.manifest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;
import java.util.Optional;

/**
 * One document of a manifest stream.
 *
 * @param source the file it came from ({@code <stdin>} for standard input)
 * @param index its 1-based number among the source's documents
 * @param line the line of the source it starts on
 * @param text the document as written, ending with a newline
 * @param leadingComments the comment lines it starts with, kept above it when it is rewritten
 * @param object its Kubernetes object; empty for a document of comments only
 * @param usesAliases whether it refers to a YAML anchor ({@code *name}): the tree holds the alias's
 *     name there, not the anchored value, so it must not be written back from the tree
 */
public record ManifestDocument(
    String source,
    int index,
    int line,
    String text,
    String leadingComments,
    Optional<ObjectNode> object,
    boolean usesAliases)
    implements ManifestPart {

  public ManifestDocument {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(leadingComments, "leadingComments");
    Objects.requireNonNull(object, "object");
  }

  /** Where it is, for messages: {@code pods.yaml, document 2 (line 14)}. */
  public String where() {
    return source + ", document " + index + " (line " + line + ")";
  }
}
