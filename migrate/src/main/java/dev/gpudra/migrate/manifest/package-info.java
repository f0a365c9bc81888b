/**
 * Manifests as text in and out: a stream of YAML (or JSON) documents split at {@code ---} lines,
 * each parsed into a Jackson tree that keeps its fields in their order, and a stream written back
 * where a document nobody changed is its input text, byte for byte but for trailing blank lines.
 *
 * <p>Invariants: a document that is not valid YAML, not a mapping, or lacks {@code apiVersion} or
 * {@code kind} is an {@link dev.gpudra.migrate.manifest.InvalidManifestException} naming the
 * source, the document and its line; a comment-only document is kept as it is.
 */
package dev.gpudra.migrate.manifest;
