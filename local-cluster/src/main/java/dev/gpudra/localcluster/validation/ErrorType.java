package dev.gpudra.localcluster.validation;

/** The API server's field error types: the text in messages and the reason in status causes. */
public enum ErrorType {
  REQUIRED("Required value", "FieldValueRequired"),
  INVALID("Invalid value", "FieldValueInvalid"),
  DUPLICATE("Duplicate value", "FieldValueDuplicate"),
  UNSUPPORTED("Unsupported value", "FieldValueNotSupported"),
  FORBIDDEN("Forbidden", "FieldValueForbidden"),
  TOO_LONG("Too long", "FieldValueTooLong"),
  TOO_MANY("Too many", "FieldValueTooMany");

  private final String text;
  private final String reason;

  ErrorType(String text, String reason) {
    this.text = text;
    this.reason = reason;
  }

  public String text() {
    return text;
  }

  /** The {@code StatusCause.reason} the API server reports. */
  public String reason() {
    return reason;
  }

  /** Required, Forbidden and Too long print no value, as in apimachinery's {@code ErrorBody}. */
  boolean showsValue() {
    return this != REQUIRED && this != FORBIDDEN && this != TOO_LONG;
  }
}
