package dev.gpudra.nvml.jna;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NVML writes bus IDs as {@code 00000000:07:00.0} (8-digit domain, often upper case); sysfs and the
 * published attribute use {@code 0000:07:00.0}.
 */
final class PciBusIds {
  private static final Pattern NVML =
      Pattern.compile("([0-9a-f]{4,8}):([0-9a-f]{2}):([0-9a-f]{2})\\.([0-7])");

  private PciBusIds() {}

  static String normalize(String nvmlBusId) {
    Matcher m = NVML.matcher(nvmlBusId.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("not a PCI bus ID: " + nvmlBusId);
    }
    int domain = Integer.parseInt(m.group(1), 16);
    return "%04x:%s:%s.%s".formatted(domain, m.group(2), m.group(3), m.group(4));
  }
}
