package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Binds the assembled tree to {@link DevicePluginConfig}: an unknown field, a value of the wrong
 * type or an unknown enum value is an error naming its path and where it came from. (NVIDIA's
 * plugin ignores unknown fields, so a typo there silently does nothing.)
 */
final class StrictBinding {
  private final ObjectMapper json =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .withCoercionConfig(
              LogicalType.Textual,
              c ->
                  c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .build();

  private final ObjectMapper yaml =
      YAMLMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  ObjectMapper yaml() {
    return yaml;
  }

  DevicePluginConfig bind(ConfigTree tree) {
    try {
      return json.treeToValue(tree.root(), DevicePluginConfig.class);
    } catch (JsonMappingException e) {
      String path = path(e);
      throw new InvalidPluginConfigException(
          tree.sourceOf(path) + ": " + path + ": " + problem(e), e);
    } catch (JsonProcessingException e) {
      throw new InvalidPluginConfigException(e.getOriginalMessage(), e);
    }
  }

  private static String problem(JsonMappingException e) {
    if (e instanceof UnrecognizedPropertyException) {
      return "unknown field";
    }
    if (e instanceof InvalidFormatException invalid && invalid.getTargetType().isEnum()) {
      return "unknown value \""
          + invalid.getValue()
          + "\", want one of "
          + Arrays.stream(invalid.getTargetType().getEnumConstants())
              .map(c -> c.toString().toLowerCase(java.util.Locale.ROOT).replace('_', '-'))
              .collect(Collectors.joining(", "));
    }
    if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
      return "wrong type: expected " + describe(mismatch.getTargetType());
    }
    return e.getOriginalMessage();
  }

  private static String describe(Class<?> type) {
    if (type == Boolean.class || type == boolean.class) {
      return "a boolean";
    }
    if (type == Integer.class || type == int.class) {
      return "an integer";
    }
    if (type == String.class || type.isEnum()) {
      return "a string";
    }
    if (java.util.Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    return "an object";
  }

  private static String path(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      String part =
          ref.getFieldName() != null ? ref.getFieldName() : String.valueOf(ref.getIndex());
      path.append(path.isEmpty() ? "" : ".").append(part);
    }
    return path.toString();
  }
}
