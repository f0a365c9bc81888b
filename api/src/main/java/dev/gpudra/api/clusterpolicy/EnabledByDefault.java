package dev.gpudra.api.clusterpolicy;

/** A component NVIDIA's operator deploys when its {@code enabled} is absent. */
public interface EnabledByDefault {
  Boolean enabled();

  /** {@code enabled}, or {@code true} when it is absent, as NVIDIA's operator reads it. */
  default boolean enabledOrDefault() {
    return enabled() == null || enabled();
  }
}
