package dev.gpudra.operator.render.nvidia.asset;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.stream.Collectors;

/**
 * Reads an operand resource strictly. Kubernetes model classes keep fields they do not know in
 * {@code additionalProperties}; here that catch-all is switched off, so a misspelt field is an
 * error naming its path instead of a value the API server drops.
 */
final class AssetYaml {
  private final ObjectMapper mapper;

  AssetYaml() {
    SimpleModule strict = new SimpleModule("strict-operand-assets");
    strict.setDeserializerModifier(
        new BeanDeserializerModifier() {
          @Override
          public BeanDeserializerBuilder updateBuilder(
              DeserializationConfig config, BeanDescription bean, BeanDeserializerBuilder builder) {
            builder.setAnySetter(null);
            builder.setIgnoreUnknownProperties(false);
            return builder;
          }
        });
    mapper =
        new ObjectMapper(new YAMLFactory())
            .registerModule(strict)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
  }

  /** The document as a tree, to read its {@code kind} before its type is known. */
  JsonNode tree(String resource, String text) {
    try {
      JsonNode node = mapper.readTree(text);
      if (node == null || !node.isObject()) {
        throw new AssetException(resource, "not a YAML mapping");
      }
      return node;
    } catch (JacksonException e) {
      throw new AssetException(resource, "not YAML: " + e.getOriginalMessage(), e);
    }
  }

  /** The tree as {@code type}, every field known and of its type. */
  <T> T read(String resource, JsonNode tree, Class<T> type) {
    try {
      return mapper.treeToValue(tree, type);
    } catch (JsonMappingException e) {
      throw new AssetException(resource, path(e) + ": " + e.getOriginalMessage(), e);
    } catch (JacksonException e) {
      throw new AssetException(resource, e.getOriginalMessage(), e);
    }
  }

  /** The field's path as YAML spells it: {@code spec.template.spec.containers[0].imag}. */
  static String path(JsonMappingException e) {
    String path =
        e.getPath().stream()
            .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
            .collect(Collectors.joining());
    return path.startsWith(".") ? path.substring(1) : path.isEmpty() ? "(document)" : path;
  }
}
