package dev.gpudra.kit.text;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go's {@code time.ParseDuration} syntax, which NVIDIA's flags and config files use: a sequence of
 * decimal numbers with units ({@code ns}, {@code us}/{@code µs}, {@code ms}, {@code s}, {@code m},
 * {@code h}), e.g. {@code 15s}, {@code 1m30s}, {@code 1.5h}, {@code 500ms}; an optional sign;
 * {@code 0} alone.
 */
public final class GoDuration {
  private static final Pattern PART =
      Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
  private static final Map<String, Long> NANOS =
      Map.of(
          "ns", 1L,
          "us", 1_000L,
          "µs", 1_000L,
          "μs", 1_000L,
          "ms", 1_000_000L,
          "s", 1_000_000_000L,
          "m", 60_000_000_000L,
          "h", 3_600_000_000_000L);

  private GoDuration() {}

  /**
   * @throws IllegalArgumentException naming the value when it is not a Go duration
   */
  public static Duration parse(String value) {
    String text = value.strip();
    boolean negative = text.startsWith("-");
    String body = negative || text.startsWith("+") ? text.substring(1) : text;
    if ("0".equals(body)) {
      return Duration.ZERO;
    }
    Matcher m = PART.matcher(body);
    BigDecimal nanos = BigDecimal.ZERO;
    int end = 0;
    while (m.find() && m.start() == end) {
      nanos =
          nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(NANOS.get(m.group(2)))));
      end = m.end();
    }
    if (end == 0 || end != body.length()) {
      throw new IllegalArgumentException(
          "\"" + value + "\" is not a duration (such as 15s, 1m30s, 1.5h or 500ms)");
    }
    Duration total = Duration.ofNanos(nanos.longValue());
    return negative ? total.negated() : total;
  }
}
