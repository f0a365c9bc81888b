package dev.gpudra.migrate.manifest;

/**
 * What {@link ManifestReader} hands on, in stream order: a whole document, or a list read item by
 * item (its head, each item, its tail).
 */
public sealed interface ManifestPart permits ManifestDocument, ListHead, ListItem, ListTail {
  /** The file it came from ({@code <stdin>} for standard input). */
  String source();
}
