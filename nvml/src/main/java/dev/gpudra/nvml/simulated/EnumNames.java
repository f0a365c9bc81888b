package dev.gpudra.nvml.simulated;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Profile spelling of enum constants: {@code NotSupported} for {@code NOT_SUPPORTED}. Parsing
 * ignores case, underscores and dashes, so {@code NOT_SUPPORTED} and {@code notsupported} work too.
 */
final class EnumNames {
  private EnumNames() {}

  static <E extends Enum<E>> E parse(Class<E> type, String text) {
    String wanted = squash(text);
    return Arrays.stream(type.getEnumConstants())
        .filter(e -> squash(e.name()).equals(wanted))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("'" + text + "' is not one of " + allowed(type)));
  }

  static <E extends Enum<E>> String display(E value) {
    return Arrays.stream(value.name().split("_"))
        .map(w -> w.charAt(0) + w.substring(1).toLowerCase(Locale.ROOT))
        .collect(Collectors.joining());
  }

  private static <E extends Enum<E>> String allowed(Class<E> type) {
    return Arrays.stream(type.getEnumConstants())
        .map(EnumNames::display)
        .collect(Collectors.joining(", "));
  }

  private static String squash(String text) {
    return text.replace("_", "").replace("-", "").toLowerCase(Locale.ROOT);
  }
}
