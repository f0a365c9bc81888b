package dev.gpudra.kit.metadata;

/** A claim's metadata file or its CDI spec could not be written or removed; names the claim. */
public final class MetadataException extends RuntimeException {
  public MetadataException(String message) {
    super(message);
  }

  public MetadataException(String message, Throwable cause) {
    super(message, cause);
  }
}
