package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;

/**
 * {@code fieldValidation} applied to an object about to be stored: Strict refuses unknown fields
 * (and an object no schema is known for), Warn turns each into a {@code Warning} header, Ignore
 * checks nothing.
 */
final class FieldCheck {
  private final UnknownFields unknownFields;
  private final ObjectMapper json = new ObjectMapper();

  FieldCheck(UnknownFields unknownFields) {
    this.unknownFields = unknownFields;
  }

  /**
   * The {@code Warning} header values for {@code state} under {@code directive}.
   *
   * @throws UnknownFieldsException when Strict refuses it
   */
  List<String> warnings(String state, FieldValidation directive) {
    if (directive == FieldValidation.IGNORE) {
      return List.of();
    }
    JsonNode object;
    try {
      object = json.readTree(state);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("object to store is not JSON: " + e.getOriginalMessage(), e);
    }
    String kind = object.path("kind").asText();
    String name = kind + " " + object.path("metadata").path("name").asText();
    Optional<List<String>> unknown = unknownFields.of(object);
    if (unknown.isEmpty()) {
      String why = "no CRD serves " + object.path("apiVersion").asText() + " " + kind;
      if (directive == FieldValidation.STRICT) {
        throw new UnknownFieldsException(
            name + ": fieldValidation=Strict cannot be checked: " + why + " (install its CRD)");
      }
      return List.of(header(name + ": fields not checked: " + why));
    }
    List<String> fields = unknown.get().stream().map(f -> "unknown field \"" + f + "\"").toList();
    if (directive == FieldValidation.STRICT && !fields.isEmpty()) {
      throw new UnknownFieldsException(
          name + ": strict decoding error: " + String.join(", ", fields));
    }
    return fields.stream().map(FieldCheck::header).toList();
  }

  /** A Warning header value (RFC 9111: code, agent, quoted text). */
  private static String header(String text) {
    return "299 - \"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
