package dev.gpudra.api.clusterpolicy;

/** A component NVIDIA's operator leaves out when its {@code enabled} is absent. */
public interface DisabledByDefault {
  Boolean enabled();

  /** {@code enabled}, or {@code false} when it is absent, as NVIDIA's operator reads it. */
  default boolean enabledOrDefault() {
    return enabled() != null && enabled();
  }
}
