package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.Map;

/** Renders where in a config object Jackson failed, as {@code sharing.mpsConfig.field[0]}. */
final class DecodePath {
  private DecodePath() {}

  static String of(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        if (!path.isEmpty()) {
          path.append('.');
        }
        path.append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        path.append('[').append(ref.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  /** A JSON-ish name for the Java type a value should have had. */
  static String describe(Class<?> type) {
    if (type == Integer.class || type == int.class || type == Long.class) {
      return "integer";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "boolean";
    }
    if (type == String.class || type.isEnum()) {
      return "string";
    }
    if (Map.class.isAssignableFrom(type) || type.isRecord()) {
      return "object";
    }
    return type.getSimpleName();
  }
}
