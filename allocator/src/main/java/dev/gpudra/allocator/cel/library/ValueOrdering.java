package dev.gpudra.allocator.cel.library;

import com.google.common.primitives.UnsignedLong;
import dev.cel.runtime.CelEvaluationException;
import java.math.BigDecimal;

/** Total order of comparable CEL values for the list functions; numbers compare across types. */
final class ValueOrdering {

  int compare(Object a, Object b) throws CelEvaluationException {
    if (isNumber(a) && isNumber(b)) {
      return decimal(a).compareTo(decimal(b));
    }
    if (a.getClass() == b.getClass() && a instanceof Comparable<?>) {
      @SuppressWarnings("unchecked")
      Comparable<Object> left = (Comparable<Object>) a;
      return left.compareTo(b);
    }
    throw new CelEvaluationException(
        "no such overload: cannot compare %s with %s"
            .formatted(EqualityLibrary.typeName(a), EqualityLibrary.typeName(b)));
  }

  private static boolean isNumber(Object o) {
    return o instanceof Long || o instanceof Double || o instanceof UnsignedLong;
  }

  private static BigDecimal decimal(Object o) {
    return switch (o) {
      case Long l -> BigDecimal.valueOf(l);
      case Double d -> Double.isFinite(d) ? BigDecimal.valueOf(d) : infinite(d);
      case UnsignedLong u -> new BigDecimal(u.bigIntegerValue());
      default -> throw new IllegalArgumentException("not a number: " + o);
    };
  }

  private static BigDecimal infinite(double d) {
    if (Double.isNaN(d)) {
      throw new ArithmeticException("NaN is not ordered");
    }
    return BigDecimal.valueOf(d > 0 ? Double.MAX_VALUE : -Double.MAX_VALUE)
        .multiply(BigDecimal.TEN);
  }
}
