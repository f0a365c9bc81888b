package dev.gpudra.migrate.resources;

import java.util.Objects;

/** The devices behind one device-plugin resource, as the DRA driver publishes them. */
public sealed interface PluginDevice {

  /** Whole GPUs: DeviceClass {@code gpu.nvidia.com}. */
  record WholeGpu() implements PluginDevice {}

  /**
   * MIG devices of one profile: DeviceClass {@code mig.nvidia.com}.
   *
   * @param profile the profile as the DRA driver's {@code profile} attribute has it, e.g. {@code
   *     1g.10gb+me}
   */
  record MigDevice(String profile) implements PluginDevice {
    public MigDevice {
      Objects.requireNonNull(profile, "profile");
    }
  }
}
