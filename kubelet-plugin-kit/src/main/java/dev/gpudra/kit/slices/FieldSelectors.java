package dev.gpudra.kit.slices;

/**
 * Whether the API server filters ResourceSlices by {@code spec.driver} and {@code spec.nodeName}.
 * Real API servers do; fabric8's mock server only knows {@code metadata.*} field selectors and
 * answers others with nothing, so against it the publisher lists everything and filters itself.
 */
public enum FieldSelectors {
  SERVER_SIDE,
  CLIENT_SIDE
}
