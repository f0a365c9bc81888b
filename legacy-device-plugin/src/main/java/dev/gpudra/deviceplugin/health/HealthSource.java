package dev.gpudra.deviceplugin.health;

/** Where the device plugin learns its GPUs' health: now, and on every change. */
public interface HealthSource {

  /** Every GPU's health as of now. */
  HealthSnapshot current();

  /**
   * Tells {@code listener} of every change from now on, until the subscription is closed. A
   * listener that throws is logged and kept.
   */
  Subscription subscribe(HealthListener listener);

  /** Ends a subscription. */
  interface Subscription extends AutoCloseable {
    @Override
    void close();
  }

  /** Every GPU Healthy, for good: health checks are not wired (or disabled). */
  static HealthSource alwaysHealthy() {
    return new HealthSource() {
      @Override
      public HealthSnapshot current() {
        return HealthSnapshot.ALL_HEALTHY;
      }

      @Override
      public Subscription subscribe(HealthListener listener) {
        return () -> {};
      }
    };
  }
}
