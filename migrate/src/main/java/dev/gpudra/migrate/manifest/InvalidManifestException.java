package dev.gpudra.migrate.manifest;

/**
 * A manifest that cannot be read: not YAML, not a Kubernetes object. Its message names the source,
 * the document and the line or field.
 */
public final class InvalidManifestException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidManifestException(String message) {
    super(message);
  }
}
