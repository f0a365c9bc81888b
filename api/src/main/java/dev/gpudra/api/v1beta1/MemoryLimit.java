package dev.gpudra.api.v1beta1;

import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pinned device memory limit: a Kubernetes quantity in the API's grammar ({@code 512Mi}, {@code
 * 1.5Gi}, {@code 2e9}), at least 1 MiB and at most {@link Long#MAX_VALUE} bytes (what a Go {@code
 * int64} holds, as NVIDIA's plugin reads it). Checked on the text before any arithmetic, so that a
 * value such as {@code 1e400000000} costs nothing.
 */
final class MemoryLimit {
  private static final Pattern QUANTITY =
      Pattern.compile(
          "([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))"
              + "(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]{1,3})?");
  private static final int MAX_LENGTH = 64;
  private static final BigDecimal ONE_MIB = BigDecimal.valueOf(1024L * 1024L);
  private static final BigDecimal MAX_BYTES = BigDecimal.valueOf(Long.MAX_VALUE);

  private MemoryLimit() {}

  /**
   * @param path the field's path, for the error
   * @throws InvalidConfigException naming the field and what is wrong with its value
   */
  static void check(String path, Quantity limit) {
    Matcher m = parsed(path, limit, "limit");
    String text = limit.toString();
    BigDecimal bytes = new BigDecimal(m.group(1)).multiply(multiplier(m.group(2)));
    if (bytes.compareTo(ONE_MIB) < 0) {
      throw new InvalidConfigException(path, "invalid limit: " + text + " is below 1Mi");
    }
    if (bytes.compareTo(MAX_BYTES) > 0) {
      throw new InvalidConfigException(
          path,
          "invalid limit: " + text + " is above " + Long.MAX_VALUE + " bytes (just under 8Ei)");
    }
  }

  /**
   * Checks the grammar and length only, before anything compares or hashes the quantity: fabric8's
   * {@code Quantity.equals} and {@code hashCode} parse it with {@code BigDecimal}, which throws for
   * {@code lots} and computes for a long time for {@code 1e999999999}.
   *
   * @throws InvalidConfigException naming the field and the value
   */
  static void checkSyntax(String path, Quantity limit) {
    parsed(path, limit, "limit");
  }

  /**
   * @param noun what the value is, for the error ({@code limit}, {@code quantity})
   * @return the matched number and suffix
   */
  static Matcher parsed(String path, Quantity limit, String noun) {
    String text = limit.toString();
    Matcher m = text.length() > MAX_LENGTH ? null : QUANTITY.matcher(text);
    if (m == null || !m.matches()) {
      throw new InvalidConfigException(
          path,
          "invalid "
              + noun
              + " \""
              + (text.length() > MAX_LENGTH ? text.substring(0, MAX_LENGTH) + "..." : text)
              + "\": want a quantity such as 512Mi, 2Gi or 4e9 (at most "
              + MAX_LENGTH
              + " characters)");
    }
    return m;
  }

  /**
   * The limit in whole MiB, rounded down, as NVIDIA's plugin hands it to the MPS control daemon.
   *
   * @throws InvalidConfigException as {@link #check}
   */
  static long mebibytes(String path, Quantity limit) {
    check(path, limit);
    Matcher m = QUANTITY.matcher(limit.toString());
    if (!m.matches()) {
      throw new IllegalStateException("checked above: " + limit);
    }
    return new BigDecimal(m.group(1))
        .multiply(multiplier(m.group(2)))
        .divideToIntegralValue(ONE_MIB)
        .longValueExact();
  }

  /** The exact value of a matched quantity: cheap, as its exponent has at most three digits. */
  static BigDecimal value(Matcher m) {
    return new BigDecimal(m.group(1)).multiply(multiplier(m.group(2)));
  }

  private static BigDecimal multiplier(String suffix) {
    if (suffix == null || suffix.isEmpty()) {
      return BigDecimal.ONE;
    }
    if (suffix.length() == 2 && suffix.charAt(1) == 'i') {
      return BigDecimal.valueOf(2).pow(10 * ("KMGTPE".indexOf(suffix.charAt(0)) + 1));
    }
    if (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E') {
      return BigDecimal.ONE.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1)));
    }
    return BigDecimal.ONE.scaleByPowerOfTen(3 * ("num kMGTPE".indexOf(suffix.charAt(0)) - 3));
  }
}
