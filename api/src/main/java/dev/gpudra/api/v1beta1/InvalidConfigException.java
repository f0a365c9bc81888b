package dev.gpudra.api.v1beta1;

/**
 * A device configuration that can never be applied as written. Permanent: retrying the same claim
 * gives the same error, so callers report it rather than retry. Carries the path of the offending
 * field inside the config object where one is known (e.g. {@code sharing.strategy}).
 */
public class InvalidConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final String reason;

  public InvalidConfigException(String reason) {
    this("", reason);
  }

  public InvalidConfigException(String field, String reason) {
    this(render(field, reason), field, reason, null);
  }

  public InvalidConfigException(String field, String reason, Throwable cause) {
    this(render(field, reason), field, reason, cause);
  }

  private InvalidConfigException(String message, String field, String reason, Throwable cause) {
    super(message, cause);
    this.field = field;
    this.reason = reason;
  }

  /** The field path inside the config object, empty when the whole object is at fault. */
  public String field() {
    return field;
  }

  /** The message without the field path. */
  public String reason() {
    return reason;
  }

  /**
   * The same error, with its field nested below {@code parent} (a path such as {@code sharing}).
   */
  public InvalidConfigException under(String parent) {
    String nested = field.isEmpty() ? parent : parent + "." + field;
    return new InvalidConfigException(nested, reason, this);
  }

  /** The same error with {@code context: } in front of the message, keeping this one as cause. */
  public InvalidConfigException withContext(String context) {
    return new InvalidConfigException(context + ": " + getMessage(), field, reason, this);
  }

  private static String render(String field, String reason) {
    return field.isEmpty() ? reason : field + ": " + reason;
  }
}
