package dev.gpudra.localcluster.validation;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One field error, printed like apimachinery's {@code field.Error}: {@code <field>: <type>[:
 * <value>][: <detail>]}.
 *
 * @param value the offending value, or null where the type prints none
 * @param detail the explanation, may be empty
 */
public record FieldError(FieldPath field, ErrorType type, Object value, String detail) {
  public FieldError {
    if (field == null || type == null) {
      throw new IllegalArgumentException("field and type are required");
    }
    detail = detail == null ? "" : detail;
  }

  public static FieldError required(FieldPath field, String detail) {
    return new FieldError(field, ErrorType.REQUIRED, null, detail);
  }

  public static FieldError invalid(FieldPath field, Object value, String detail) {
    return new FieldError(field, ErrorType.INVALID, value, detail);
  }

  public static FieldError duplicate(FieldPath field, Object value) {
    return new FieldError(field, ErrorType.DUPLICATE, value, "");
  }

  public static FieldError forbidden(FieldPath field, String detail) {
    return new FieldError(field, ErrorType.FORBIDDEN, null, detail);
  }

  public static FieldError tooLong(FieldPath field, int max) {
    return new FieldError(
        field, ErrorType.TOO_LONG, null, "may not be more than " + max + " bytes");
  }

  public static FieldError tooMany(FieldPath field, int actual, int max) {
    return new FieldError(field, ErrorType.TOO_MANY, actual, "must have at most " + max + " items");
  }

  /** {@code Unsupported value: "x": supported values: "a", "b"}. */
  public static FieldError unsupported(FieldPath field, String value, List<String> supported) {
    String list = supported.stream().map(FieldError::quote).collect(Collectors.joining(", "));
    return new FieldError(field, ErrorType.UNSUPPORTED, value, "supported values: " + list);
  }

  /** The message without the field, as in a status cause. */
  public String body() {
    StringBuilder s = new StringBuilder(type.text());
    if (type.showsValue()) {
      s.append(": ").append(render(value));
    }
    if (!detail.isEmpty()) {
      s.append(": ").append(detail);
    }
    return s.toString();
  }

  /** The full message, e.g. {@code spec.devices[0].name: Required value}. */
  public String message() {
    return field + ": " + body();
  }

  private static String render(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String s) {
      return quote(s);
    }
    if (value instanceof List<?> list) {
      return list.stream()
          .map(e -> e instanceof String s ? quote(s) : String.valueOf(e))
          .collect(Collectors.joining(", ", "[]string{", "}"));
    }
    return String.valueOf(value);
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
