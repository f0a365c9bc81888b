package dev.gpudra.localcluster.api;

/** How strictly {@link LocalApiServer} checks what it stores. */
public enum ApiValidation {
  /** resource.k8s.io/v1 objects are validated like the real API server (422 Invalid). */
  STRICT,
  /** Everything is stored as sent, as in fabric8's plain CRUD mock. */
  NONE
}
