/**
 * Manifests as text in and out, one document at a time: a stream of YAML (or JSON) documents split
 * at {@code ---} lines as it is read, each parsed into a Jackson tree that keeps its fields in
 * their order; a document whose top-level {@code items} is a block sequence ({@code kubectl get -o
 * yaml}'s {@code kind: List}) is read item by item. Memory is bounded by the largest document or
 * item, not the stream. A stream written back keeps a document (or item) nobody changed as its
 * input text.
 *
 * <p>Invariants: every failure is an {@link dev.gpudra.migrate.manifest.InvalidManifestException}
 * of one line naming the source, the document (and item) and its line: a document or item past
 * {@link dev.gpudra.migrate.manifest.ManifestReader#MAX_DOCUMENT_MIB} MiB, nesting deeper than
 * {@link dev.gpudra.migrate.manifest.ManifestReader#MAX_DEPTH}, a control character or bytes that
 * are not UTF-8 (read no further), invalid YAML, a document that is not a mapping or lacks {@code
 * apiVersion} or {@code kind}. A comment-only document is kept as it is.
 */
package dev.gpudra.migrate.manifest;
