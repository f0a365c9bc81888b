package dev.gpudra.allocator.cel;

import dev.cel.common.CelErrorCode;
import dev.cel.common.CelException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Rewords cel-java evaluation errors the way the scheduler words them. */
final class RuntimeErrors {
  private static final Pattern LOCATION_PREFIX =
      Pattern.compile("^evaluation error(?: at [^:]*:\\d+)?: ");
  private static final Pattern MISSING_FIELD =
      Pattern.compile("key '(.*)' is not present in map\\.?");

  /** The scheduler-style message for a failed evaluation. */
  String message(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CostBudget.CostLimitExceededException limit) {
        return limit.getMessage();
      }
    }
    String text = failure.getMessage() == null ? failure.toString() : failure.getMessage();
    text = LOCATION_PREFIX.matcher(text).replaceFirst("");
    Matcher missing = MISSING_FIELD.matcher(text);
    if (missing.matches()) {
      return "no such key: " + missing.group(1);
    }
    boolean keyNotFound =
        failure instanceof CelException celFailure
            && celFailure.getErrorCode() == CelErrorCode.ATTRIBUTE_NOT_FOUND;
    return keyNotFound ? "no such key: " + text : text;
  }
}
