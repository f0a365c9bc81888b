package dev.gpudra.allocator;

/**
 * A DeviceTaintRule the API server would refuse, or one with a field the allocator does not
 * implement. The message names the rule and the field.
 */
public final class InvalidTaintRuleException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  InvalidTaintRuleException(String rule, String field, String problem) {
    super("DeviceTaintRule " + rule + ": " + field + ": " + problem);
  }
}
