package dev.gpudra.api.schema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OpenAPI v3 schema of a Java model type: a record is an object of its components (Jackson's
 * names, {@code @JsonUnwrapped} records inlined, {@link Required}, {@link Default}, {@link
 * Pattern}, {@link Minimum}); enums are strings of their Jackson names; lists are arrays; maps are
 * objects of their values; fabric8 model classes are objects of their {@code @JsonProperty} fields;
 * {@link IntOrString} and {@link Quantity} are int-or-string.
 */
public final class RecordSchemas {
  private static final String FABRIC8_MODEL = "io.fabric8.kubernetes.api.model";

  private final ObjectMapper json = new ObjectMapper();
  private final Deque<Class<?>> expanding = new ArrayDeque<>();

  /** The schema of {@code type}, a record, enum or fabric8 model class. */
  public JSONSchemaProps of(Type type) {
    return of(type, type.getTypeName());
  }

  private JSONSchemaProps of(Type type, String where) {
    if (type instanceof ParameterizedType generic) {
      return generic(generic, where);
    }
    if (!(type instanceof Class<?> raw)) {
      throw new UnsupportedSchemaTypeException(where, type);
    }
    return scalar(raw).orElseGet(() -> composite(raw, where));
  }

  private java.util.Optional<JSONSchemaProps> scalar(Class<?> raw) {
    String schemaType = null;
    String format = null;
    if (raw == String.class) {
      schemaType = "string";
    } else if (raw == Boolean.class || raw == boolean.class) {
      schemaType = "boolean";
    } else if (raw == Integer.class || raw == int.class) {
      schemaType = "integer";
      format = "int32";
    } else if (raw == Long.class || raw == long.class) {
      schemaType = "integer";
      format = "int64";
    } else if (raw == Double.class || raw == double.class) {
      schemaType = "number";
    }
    if (schemaType != null) {
      return java.util.Optional.of(
          new JSONSchemaPropsBuilder().withType(schemaType).withFormat(format).build());
    }
    if (raw == IntOrString.class || raw == Quantity.class) {
      return java.util.Optional.of(
          new JSONSchemaPropsBuilder()
              .withXKubernetesIntOrString(true)
              .addNewAnyOf()
              .withType("integer")
              .endAnyOf()
              .addNewAnyOf()
              .withType("string")
              .endAnyOf()
              .build());
    }
    if (raw.isEnum()) {
      return java.util.Optional.of(enumeration(raw));
    }
    return java.util.Optional.empty();
  }

  private JSONSchemaProps composite(Class<?> raw, String where) {
    if (expanding.contains(raw)) {
      throw new UnsupportedSchemaTypeException(where + " (a type that contains itself)", raw);
    }
    expanding.push(raw);
    try {
      if (raw.isRecord()) {
        return record(raw);
      }
      if (raw.getPackageName().startsWith(FABRIC8_MODEL)) {
        return fabric8(raw);
      }
      throw new UnsupportedSchemaTypeException(where, raw);
    } finally {
      expanding.pop();
    }
  }

  private JSONSchemaProps generic(ParameterizedType generic, String where) {
    Type raw = generic.getRawType();
    Type[] args = generic.getActualTypeArguments();
    if (raw == List.class) {
      return new JSONSchemaPropsBuilder()
          .withType("array")
          .withItems(
              new io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsOrArray(
                  null, of(args[0], where + "[]")))
          .build();
    }
    if (raw == Map.class && args[0] == String.class) {
      return new JSONSchemaPropsBuilder()
          .withType("object")
          .withNewAdditionalProperties()
          .withSchema(of(args[1], where + "{}"))
          .endAdditionalProperties()
          .build();
    }
    throw new UnsupportedSchemaTypeException(where, generic);
  }

  private JSONSchemaProps record(Class<?> type) {
    Map<String, JSONSchemaProps> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    addComponents(type, properties, required);
    JSONSchemaProps object = object(properties, required);
    Rule rule = type.getAnnotation(Rule.class);
    if (rule == null) {
      return object;
    }
    return new JSONSchemaPropsBuilder(object)
        .addNewXKubernetesValidation()
        .withRule(rule.value())
        .withMessage(rule.message())
        .endXKubernetesValidation()
        .build();
  }

  private void addComponents(
      Class<?> type, Map<String, JSONSchemaProps> properties, List<String> required) {
    for (RecordComponent component : type.getRecordComponents()) {
      if (component.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
        addComponents(component.getType(), properties, required);
        continue;
      }
      String name = jsonName(component);
      properties.put(
          name,
          constrained(component, of(component.getGenericType(), type.getName() + "." + name)));
      if (component.isAnnotationPresent(Required.class)) {
        required.add(name);
      }
    }
  }

  private JSONSchemaProps constrained(RecordComponent component, JSONSchemaProps schema) {
    JSONSchemaPropsBuilder builder = new JSONSchemaPropsBuilder(schema);
    JsonPropertyDescription description =
        component.getAccessor().getAnnotation(JsonPropertyDescription.class);
    if (description != null) {
      builder.withDescription(description.value());
    }
    Default fallback = component.getAnnotation(Default.class);
    if (fallback != null) {
      builder.withDefault(parse(fallback.value(), component));
    }
    Pattern pattern = component.getAnnotation(Pattern.class);
    if (pattern != null) {
      builder.withPattern(pattern.value());
    }
    Minimum minimum = component.getAnnotation(Minimum.class);
    if (minimum != null) {
      builder.withMinimum((double) minimum.value());
    }
    Maximum maximum = component.getAnnotation(Maximum.class);
    if (maximum != null) {
      builder.withMaximum((double) maximum.value());
    }
    return builder.build();
  }

  private JsonNode parse(String value, RecordComponent component) {
    try {
      return json.readTree(value);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("@Default of " + component + " is not JSON: " + value, e);
    }
  }

  private JSONSchemaProps fabric8(Class<?> type) {
    Map<String, JSONSchemaProps> properties = new LinkedHashMap<>();
    for (Field field : type.getDeclaredFields()) {
      JsonProperty property = field.getAnnotation(JsonProperty.class);
      if (property == null
          || field.isAnnotationPresent(JsonIgnore.class)
          || Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      properties.put(
          property.value(), of(field.getGenericType(), type.getName() + "." + property.value()));
    }
    return object(properties, List.of());
  }

  private static JSONSchemaProps object(Map<String, JSONSchemaProps> properties, List<String> req) {
    return new JSONSchemaPropsBuilder()
        .withType("object")
        .withProperties(properties)
        .withRequired(req.isEmpty() ? null : req)
        .build();
  }

  private static JSONSchemaProps enumeration(Class<?> type) {
    List<JsonNode> values =
        Arrays.stream(type.getEnumConstants())
            .map(constant -> (JsonNode) TextNode.valueOf(enumName(type, (Enum<?>) constant)))
            .toList();
    return new JSONSchemaPropsBuilder().withType("string").withEnum(values).build();
  }

  private static String enumName(Class<?> type, Enum<?> constant) {
    try {
      JsonProperty property = type.getField(constant.name()).getAnnotation(JsonProperty.class);
      return property == null ? constant.name() : property.value();
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String jsonName(RecordComponent component) {
    JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
    return property == null || property.value().isEmpty() ? component.getName() : property.value();
  }
}
