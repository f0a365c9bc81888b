package dev.gpudra.api.featuregates;

/** A feature-gate string that cannot be used: unknown gate, bad value or conflicting gates. */
public class FeatureGateException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public FeatureGateException(String message) {
    super(message);
  }
}
