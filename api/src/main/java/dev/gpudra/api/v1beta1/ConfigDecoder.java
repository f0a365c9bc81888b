package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.MutableCoercionConfig;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads opaque configuration objects strictly, as the kubelet plugin must for claims: the {@code
 * apiVersion} must be {@value DeviceConfig#API_VERSION}, the {@code kind} one of the known kinds,
 * and unknown fields, duplicate keys and values of the wrong JSON type are errors. Thread-safe.
 */
public final class ConfigDecoder {
  /** The kinds {@code gpu.nvidia.com} reads. */
  public static final Map<String, Class<? extends DeviceConfig>> GPU_KINDS =
      Map.of(
          GpuConfig.KIND, GpuConfig.class,
          MigDeviceConfig.KIND, MigDeviceConfig.class,
          VfioDeviceConfig.KIND, VfioDeviceConfig.class);

  /** The kinds {@code compute-domain.nvidia.com} reads. */
  public static final Map<String, Class<? extends DeviceConfig>> COMPUTE_DOMAIN_KINDS =
      Map.of(
          ComputeDomainChannelConfig.KIND, ComputeDomainChannelConfig.class,
          ComputeDomainDaemonConfig.KIND, ComputeDomainDaemonConfig.class);

  private final ObjectMapper mapper;
  private final Map<String, Class<? extends DeviceConfig>> kinds;

  /** The GPU driver's decoder. */
  public ConfigDecoder() {
    this(GPU_KINDS);
  }

  /**
   * @param kinds the kinds this driver reads; any other is refused, naming these
   */
  public ConfigDecoder(Map<String, Class<? extends DeviceConfig>> kinds) {
    this.kinds = Map.copyOf(kinds);
    this.mapper =
        JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .withCoercionConfig(LogicalType.Textual, c -> refuseScalars(c))
            .withCoercionConfig(LogicalType.Enum, c -> refuseScalars(c))
            .build();
  }

  /**
   * Decodes {@code opaque.parameters} as the Kubernetes model hands it over: a JSON string, a
   * {@link JsonNode}, or a deserialized map or model object.
   */
  public DeviceConfig decode(Object parameters) {
    if (parameters == null) {
      throw new InvalidConfigException("opaque parameters are missing");
    }
    JsonNode tree =
        switch (parameters) {
          case JsonNode node -> node;
          case String json -> readTree(json);
          // fabric8 reads a JSON array in parameters as a v1 List, whose apiVersion is v1
          case KubernetesResourceList<?> list -> throw notAnObject("a JSON array (a v1 List)");
          default -> mapper.valueToTree(parameters);
        };
    return decodeTree(tree);
  }

  private static InvalidConfigException notAnObject(String got) {
    return new InvalidConfigException(
        "opaque parameters must be a JSON object with apiVersion and kind, got " + got);
  }

  /** Decodes one config object from its JSON tree. */
  public DeviceConfig decodeTree(JsonNode tree) {
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      throw notAnObject("null");
    }
    if (!tree.isObject()) {
      throw notAnObject("a JSON " + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
    }
    String apiVersion = tree.path("apiVersion").asText("");
    if (!DeviceConfig.API_VERSION.equals(apiVersion)) {
      throw new InvalidConfigException(
          "apiVersion",
          "unsupported apiVersion \""
              + apiVersion
              + "\", want \""
              + DeviceConfig.API_VERSION
              + "\"");
    }
    String kind = tree.path("kind").asText("");
    Class<? extends DeviceConfig> type = kinds.get(kind);
    if (type == null) {
      throw new InvalidConfigException(
          "kind",
          "unsupported kind \""
              + kind
              + "\", supported kinds: "
              + kinds.keySet().stream().sorted().collect(Collectors.joining(", ")));
    }
    ObjectNode fields = ((ObjectNode) tree).deepCopy();
    fields.remove("apiVersion");
    fields.remove("kind");
    return read(fields, type);
  }

  /** The JSON form of a config, with {@code apiVersion} and {@code kind} first. */
  public ObjectNode encode(DeviceConfig config) {
    ObjectNode node = mapper.createObjectNode();
    node.put("apiVersion", DeviceConfig.API_VERSION);
    node.put("kind", config.kind());
    node.setAll((ObjectNode) mapper.valueToTree(config));
    return node;
  }

  private JsonNode readTree(String json) {
    try {
      return mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(json);
    } catch (JsonProcessingException e) {
      throw new InvalidConfigException(
          "", "opaque parameters are not valid JSON: " + e.getOriginalMessage(), e);
    }
  }

  private DeviceConfig read(ObjectNode fields, Class<? extends DeviceConfig> type) {
    try {
      return mapper.treeToValue(fields, type);
    } catch (UnrecognizedPropertyException e) {
      throw new InvalidConfigException(
          "strict decoding error: unknown field \"" + DecodePath.of(e) + "\"");
    } catch (JsonMappingException e) {
      throw translate(e);
    } catch (JsonProcessingException e) {
      throw new InvalidConfigException(
          "cannot decode " + type.getSimpleName(), e.getOriginalMessage(), e);
    }
  }

  private static InvalidConfigException translate(JsonMappingException e) {
    String path = DecodePath.of(e);
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof InvalidConfigException invalid) {
        return path.isEmpty() ? invalid : invalid.under(path);
      }
    }
    if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
      return new InvalidConfigException(
          path, "wrong type: expected " + DecodePath.describe(mismatch.getTargetType()), e);
    }
    return new InvalidConfigException(path, e.getOriginalMessage(), e);
  }

  private static void refuseScalars(MutableCoercionConfig c) {
    c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
  }
}
