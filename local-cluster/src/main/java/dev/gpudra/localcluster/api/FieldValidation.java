package dev.gpudra.localcluster.api;

import java.util.Arrays;
import java.util.Optional;

/**
 * The {@code fieldValidation} query parameter of creates, updates and patches: what the server does
 * with fields the object's schema does not declare. kubectl sends {@code Strict} once the OpenAPI
 * v3 document ({@link OpenApiV3}) says the parameter is served.
 */
enum FieldValidation {
  /** Unknown fields refuse the request with 400 BadRequest, naming each. */
  STRICT("Strict"),
  /** Unknown fields are stored; the response carries one {@code Warning} header per field. */
  WARN("Warn"),
  /** Unknown fields are stored, silently. */
  IGNORE("Ignore");

  static final String PARAMETER = "fieldValidation";

  private final String value;

  FieldValidation(String value) {
    this.value = value;
  }

  /** The directive {@code value} names, exactly as the API server spells it. */
  static Optional<FieldValidation> parse(String value) {
    return Arrays.stream(values()).filter(v -> v.value.equals(value)).findFirst();
  }

  /** The directive a request asks for; without one, IGNORE (fabric8's clients send none). */
  static FieldValidation of(ApiRequest request) {
    return request.query(PARAMETER).flatMap(FieldValidation::parse).orElse(IGNORE);
  }
}
