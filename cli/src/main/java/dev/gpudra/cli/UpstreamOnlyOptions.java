package dev.gpudra.cli;

import java.util.List;
import java.util.Objects;

/**
 * Flags of NVIDIA's kubelet plugins (with their environment variables) for features gpu-dra does
 * not have. They are accepted so that NVIDIA's manifests parse, and any value but NVIDIA's default
 * is refused naming the flag, so that nothing set is silently ignored.
 */
final class UpstreamOnlyOptions {
  /**
   * One such flag as given.
   *
   * @param flag the flag and its variable, for the message
   * @param value what was given; null when unset
   * @param inert NVIDIA's default, which asks for nothing gpu-dra lacks
   * @param why what gpu-dra does instead
   */
  record Setting(String flag, String value, String inert, String why) {
    Setting {
      Objects.requireNonNull(flag, "flag");
      Objects.requireNonNull(inert, "inert");
      Objects.requireNonNull(why, "why");
    }

    boolean asksForMore() {
      return value != null && !value.isBlank() && !value.equals(inert);
    }
  }

  private UpstreamOnlyOptions() {}

  /**
   * @throws InvalidArgumentsException the first setting that asks for what gpu-dra lacks
   */
  static void refuse(List<Setting> settings) {
    for (Setting s : settings) {
      if (s.asksForMore()) {
        throw new InvalidArgumentsException(
            s.flag() + "=" + s.value() + " is not supported by gpu-dra: " + s.why());
      }
    }
  }
}
