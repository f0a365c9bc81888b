package dev.gpudra.localcluster.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.cel.SelectorFeature;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceTaintRule;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Picks the validator for a resource.k8s.io/v1 object given as JSON; other objects pass. */
public final class DraValidation {
  public static final String API_VERSION = "resource.k8s.io/v1";

  private final ObjectMapper json;
  private final Map<String, Kind<?>> kinds;

  public DraValidation() {
    this.json =
        new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .setAnnotationIntrospector(new PlainParameters());
    DeviceSelectorEnv cel =
        new DeviceSelectorEnv(
            SelectorEnvOptions.defaults().with(SelectorFeature.CONSUMABLE_CAPACITY));
    this.kinds =
        Map.of(
            "ResourceSlice", new Kind<>(ResourceSlice.class, new ResourceSliceValidator()),
            "DeviceClass", new Kind<>(DeviceClass.class, new DeviceClassValidator(json, cel)),
            "ResourceClaim", new Kind<>(ResourceClaim.class, new ResourceClaimValidator(json, cel)),
            "DeviceTaintRule", new Kind<>(DeviceTaintRule.class, new DeviceTaintRuleValidator()),
            "ResourceClaimTemplate",
                new Kind<>(
                    ResourceClaimTemplate.class, new ResourceClaimTemplateValidator(json, cel)));
  }

  /**
   * The rejection of {@code object} (JSON), or empty when it is valid or not a validated kind.
   *
   * @param old the stored object being replaced (JSON), or null on create
   */
  public Optional<Rejection> check(String object, String old) {
    JsonNode node = read(object);
    String kind = node.path("kind").asText();
    Kind<?> validator = kinds.get(kind);
    if (!API_VERSION.equals(node.path("apiVersion").asText()) || validator == null) {
      return Optional.empty();
    }
    List<FieldError> errors = validator.check(json, node, old == null ? null : read(old));
    if (errors.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Rejection(kind, node.path("metadata").path("name").asText(), errors));
  }

  private JsonNode read(String text) {
    try {
      return json.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Reads opaque parameters as plain JSON values: fabric8's own deserializer throws on a list of
   * scalars, which the API server refuses with a field error, not a failure.
   */
  private static final class PlainParameters extends JacksonAnnotationIntrospector {
    @Override
    public Object findDeserializer(Annotated a) {
      if (a instanceof AnnotatedMember m
          && m.getDeclaringClass() == OpaqueDeviceConfiguration.class
          && m.getName().toLowerCase(Locale.ROOT).endsWith("parameters")) {
        return null;
      }
      return super.findDeserializer(a);
    }
  }

  private record Kind<T>(Class<T> type, ObjectValidator<T> validator) {
    List<FieldError> check(ObjectMapper json, JsonNode object, JsonNode old) {
      T now = json.convertValue(object, type);
      return old == null
          ? validator.validate(now)
          : validator.validateUpdate(now, json.convertValue(old, type));
    }
  }
}
