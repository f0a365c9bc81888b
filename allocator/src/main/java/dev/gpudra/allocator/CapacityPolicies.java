package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicyRange;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;

/** A capacity's request policy: rounding a requested amount up, and what it does not allow. */
final class CapacityPolicies {
  private static final List<String> BINARY = List.of("Ei", "Pi", "Ti", "Gi", "Mi", "Ki");

  private CapacityPolicies() {}

  /**
   * The valid amount a request of {@code requested} consumes: with a range, {@code min} when below
   * it, else the next {@code min + n·step}; with valid values, the smallest not below it; else (or
   * above every valid value) the amount as asked.
   */
  static Quantity roundUp(Quantity requested, CapacityRequestPolicy policy) {
    CapacityRequestPolicyRange range = policy.getValidRange();
    if (range != null && range.getMin() != null) {
      return roundUp(requested, range);
    }
    for (Quantity valid : RequestReader.orEmpty(policy.getValidValues())) {
      if (compare(valid, requested) >= 0) {
        return valid;
      }
    }
    return requested;
  }

  private static Quantity roundUp(Quantity requested, CapacityRequestPolicyRange range) {
    BigDecimal min = range.getMin().getNumericalAmount();
    BigDecimal asked = requested.getNumericalAmount();
    if (asked.compareTo(min) <= 0) {
      return range.getMin();
    }
    if (range.getStep() == null) {
      return requested;
    }
    BigDecimal step = range.getStep().getNumericalAmount();
    BigDecimal steps = asked.subtract(min).divide(step, 0, RoundingMode.CEILING);
    BigDecimal rounded = min.add(steps.multiply(step));
    return rounded.compareTo(asked) == 0 ? requested : quantity(rounded, range.getStep());
  }

  /** What the policy does not allow about a consumed amount, if anything. */
  static Optional<String> violation(Quantity amount, CapacityRequestPolicy policy) {
    if (policy == null) {
      return Optional.empty();
    }
    List<Quantity> values = RequestReader.orEmpty(policy.getValidValues());
    if (!values.isEmpty()) {
      return values.stream().anyMatch(v -> compare(v, amount) == 0)
          ? Optional.empty()
          : Optional.of("is not one of the valid values " + values);
    }
    CapacityRequestPolicyRange range = policy.getValidRange();
    if (range == null || range.getMin() == null) {
      return Optional.empty();
    }
    if (compare(amount, range.getMin()) < 0) {
      return Optional.of("is below the policy's min " + range.getMin());
    }
    if (range.getMax() != null && compare(amount, range.getMax()) > 0) {
      return Optional.of("is above the policy's max " + range.getMax());
    }
    return Optional.empty();
  }

  private static int compare(Quantity a, Quantity b) {
    return a.getNumericalAmount().compareTo(b.getNumericalAmount());
  }

  /**
   * An amount written like {@code style}: with the largest binary suffix that divides it when
   * {@code style} uses one (so steps of {@code 1Mi} give {@code 2Mi}, not bytes), else plainly.
   */
  static Quantity quantity(BigDecimal amount, Quantity style) {
    String format = style.getFormat() == null ? "" : style.getFormat();
    if (format.endsWith("i") && amount.signum() > 0 && amount.stripTrailingZeros().scale() <= 0) {
      for (int i = 0; i < BINARY.size(); i++) {
        BigDecimal unit = BigDecimal.valueOf(1024).pow(BINARY.size() - i);
        BigDecimal[] division = amount.divideAndRemainder(unit);
        if (division[1].signum() == 0) {
          return new Quantity(division[0].toPlainString(), BINARY.get(i));
        }
      }
    }
    return new Quantity(amount.stripTrailingZeros().toPlainString());
  }
}
