package dev.gpudra.deviceplugin.pernode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How a config is chosen when the node has no label and no default is given (NVIDIA's names). */
public enum FallbackStrategy {
  /** The file called {@code default}. */
  NAMED,
  /** The only file, when there is exactly one. */
  SINGLE,
  /** No file: NVIDIA's defaults. */
  EMPTY;

  /**
   * {@code named,single} as NVIDIA's {@code FALLBACK_STRATEGIES} spells it.
   *
   * @throws InvalidNamedConfigException naming the unknown strategy
   */
  public static List<FallbackStrategy> parse(String text) {
    List<FallbackStrategy> strategies = new ArrayList<>();
    for (String part : text.split(",")) {
      String name = part.strip();
      if (name.isEmpty()) {
        continue;
      }
      try {
        strategies.add(valueOf(name.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw new InvalidNamedConfigException(
            "FALLBACK_STRATEGIES: unknown strategy '" + name + "' (named, single, empty)");
      }
    }
    return List.copyOf(strategies);
  }
}
