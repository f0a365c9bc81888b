package dev.gpudra.allocator.cel.library;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Kubernetes resource quantity, the CEL type {@code kubernetes.Quantity}. The value is exact (a
 * {@link BigDecimal}); equality and ordering are numeric, so {@code 1Gi} equals {@code 1024Mi}.
 *
 * @param value the exact numeric value
 * @param text the canonical-enough spelling used for display ({@code 81559Mi})
 */
public record KubeQuantity(BigDecimal value, String text) implements Comparable<KubeQuantity> {

  private static final Pattern SYNTAX =
      Pattern.compile(
          "([+-]?)(\\d+(?:\\.\\d*)?|\\.\\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\\d+)?");
  private static final Map<String, BigDecimal> SUFFIXES =
      Map.ofEntries(
          Map.entry("", BigDecimal.ONE),
          Map.entry("n", BigDecimal.ONE.scaleByPowerOfTen(-9)),
          Map.entry("u", BigDecimal.ONE.scaleByPowerOfTen(-6)),
          Map.entry("m", BigDecimal.ONE.scaleByPowerOfTen(-3)),
          Map.entry("k", BigDecimal.ONE.scaleByPowerOfTen(3)),
          Map.entry("M", BigDecimal.ONE.scaleByPowerOfTen(6)),
          Map.entry("G", BigDecimal.ONE.scaleByPowerOfTen(9)),
          Map.entry("T", BigDecimal.ONE.scaleByPowerOfTen(12)),
          Map.entry("P", BigDecimal.ONE.scaleByPowerOfTen(15)),
          Map.entry("E", BigDecimal.ONE.scaleByPowerOfTen(18)),
          Map.entry("Ki", BigDecimal.valueOf(2).pow(10)),
          Map.entry("Mi", BigDecimal.valueOf(2).pow(20)),
          Map.entry("Gi", BigDecimal.valueOf(2).pow(30)),
          Map.entry("Ti", BigDecimal.valueOf(2).pow(40)),
          Map.entry("Pi", BigDecimal.valueOf(2).pow(50)),
          Map.entry("Ei", BigDecimal.valueOf(2).pow(60)));
  private static final int MAX_EXPONENT = 1000;

  public KubeQuantity {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(text, "text");
  }

  /** Parses the Kubernetes quantity syntax: a signed decimal with an SI, binary or e suffix. */
  public static Optional<KubeQuantity> parse(String text) {
    Matcher m = SYNTAX.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    String suffix = m.group(3) == null ? "" : m.group(3);
    BigDecimal multiplier = SUFFIXES.get(suffix);
    if (multiplier == null) {
      int exponent = Integer.parseInt(suffix.substring(1).replace("+", ""));
      if (Math.abs(exponent) > MAX_EXPONENT) {
        return Optional.empty();
      }
      multiplier = BigDecimal.ONE.scaleByPowerOfTen(exponent);
    }
    BigDecimal number = new BigDecimal(m.group(2)).multiply(multiplier);
    return Optional.of(new KubeQuantity(m.group(1).equals("-") ? number.negate() : number, text));
  }

  /** A whole quantity without a suffix. */
  public static KubeQuantity ofLong(long value) {
    return new KubeQuantity(BigDecimal.valueOf(value), Long.toString(value));
  }

  /** The sum, exact; displayed as a plain decimal. */
  public KubeQuantity add(KubeQuantity other) {
    return ofValue(value.add(other.value));
  }

  /** The difference, exact; displayed as a plain decimal. */
  public KubeQuantity subtract(KubeQuantity other) {
    return ofValue(value.subtract(other.value));
  }

  /** −1, 0 or 1. */
  public int sign() {
    return value.signum();
  }

  /** The value as an int64 when it is whole and fits, as Kubernetes' {@code AsInt64}. */
  public Optional<Long> asLong() {
    try {
      return Optional.of(value.longValueExact());
    } catch (ArithmeticException notWholeOrTooLarge) {
      return Optional.empty();
    }
  }

  @Override
  public int compareTo(KubeQuantity other) {
    return value.compareTo(other.value);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KubeQuantity other && value.compareTo(other.value) == 0;
  }

  @Override
  public int hashCode() {
    return value.signum() == 0 ? 0 : value.stripTrailingZeros().hashCode();
  }

  @Override
  public String toString() {
    return text;
  }

  private static KubeQuantity ofValue(BigDecimal v) {
    return new KubeQuantity(v, v.stripTrailingZeros().toPlainString());
  }
}
