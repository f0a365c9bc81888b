package dev.gpudra.webhook.admission;

/**
 * An {@code opaque.parameters} value as it came, re-written compactly token by token (so duplicate
 * keys survive for the strict decoder to refuse), or only the fact that it was too long to keep.
 *
 * @param json the compact JSON text; empty when {@code overLimit}
 * @param overLimit longer than {@link #MAX_CHARS}: the API server refuses such parameters
 */
record RawParameters(String json, boolean overLimit) {
  /** The API server's {@code OpaqueParametersMaxLength}, in bytes (a bound on the compact text). */
  static final int MAX_CHARS = 10 * 1024;

  static RawParameters of(String json) {
    return new RawParameters(json, false);
  }

  static RawParameters tooLong() {
    return new RawParameters("", true);
  }
}
