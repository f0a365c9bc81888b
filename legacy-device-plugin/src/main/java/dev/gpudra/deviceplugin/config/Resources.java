package dev.gpudra.deviceplugin.config;

import java.util.List;

/**
 * {@code resources}: custom names for full GPUs and MIG devices by pattern. NVIDIA's plugin resets
 * them with a warning; here any entry is refused ({@link ConfigRules}).
 */
public record Resources(List<NamedPattern> gpus, List<NamedPattern> mig) {
  public Resources {
    gpus = gpus == null ? List.of() : List.copyOf(gpus);
    mig = mig == null ? List.of() : List.copyOf(mig);
  }

  /**
   * @param pattern a glob ({@code *}) on the product name or MIG profile
   * @param name the resource name
   */
  public record NamedPattern(String pattern, String name) {}
}
