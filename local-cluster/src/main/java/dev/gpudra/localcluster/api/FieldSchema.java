package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.fabric8.kubernetes.api.model.AnyType;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Optional;
import java.util.Set;

/**
 * Which fields an object may have, as far as unknown fields go: a fabric8 model class's properties
 * (the API server's Go types, generated), or a CRD's structural schema. Only the names are checked,
 * never the values.
 */
sealed interface FieldSchema {
  /** The schema of field {@code name}, or empty when the schema does not declare it. */
  Optional<FieldSchema> field(String name);

  /** The schema of a list's items. */
  FieldSchema item();

  /** Anything goes below here (free-form JSON, an embedded object of any kind). */
  FieldSchema OPEN = new Open();

  /** A schema that declares every field. */
  record Open() implements FieldSchema {
    @Override
    public Optional<FieldSchema> field(String name) {
      return Optional.of(this);
    }

    @Override
    public FieldSchema item() {
      return this;
    }
  }

  /** The properties of a Java model type, as Jackson reads them. */
  record Typed(JavaType type, ObjectMapper mapper) implements FieldSchema {
    static FieldSchema of(Class<?> type, ObjectMapper mapper) {
      return of(mapper.constructType(type), mapper);
    }

    static FieldSchema of(JavaType type, ObjectMapper mapper) {
      Class<?> raw = type.getRawClass();
      if (type.isContainerType()) {
        return new Typed(type, mapper);
      }
      boolean model = raw.getName().startsWith("io.fabric8.kubernetes.api.model.");
      boolean free =
          AnyType.class.isAssignableFrom(raw)
              || GenericKubernetesResource.class.isAssignableFrom(raw)
              || raw.isInterface()
              || customDeserializer(raw);
      return model && !free ? new Typed(type, mapper) : OPEN;
    }

    private static boolean customDeserializer(Class<?> raw) {
      JsonDeserialize custom = raw.getAnnotation(JsonDeserialize.class);
      return custom != null
          && custom.using() != com.fasterxml.jackson.databind.JsonDeserializer.None.class;
    }

    @Override
    public Optional<FieldSchema> field(String name) {
      if (type.isMapLikeType()) {
        return Optional.of(of(type.getContentType(), mapper));
      }
      if (type.isContainerType()) {
        return Optional.of(OPEN);
      }
      BeanDescription bean = mapper.getDeserializationConfig().introspect(type);
      Optional<FieldSchema> declared =
          bean.findProperties().stream()
              .filter(p -> p.getName().equals(name))
              .findFirst()
              .map(BeanPropertyDefinition::getPrimaryType)
              .map(t -> of(t, mapper));
      return declared.isPresent() || !NewerFields.has(type.getRawClass(), name)
          ? declared
          : Optional.of(OPEN);
    }

    @Override
    public FieldSchema item() {
      return type.isCollectionLikeType() || type.isArrayType()
          ? of(type.getContentType(), mapper)
          : OPEN;
    }
  }

  /**
   * A CRD version's {@code openAPIV3Schema} (or a node in it). {@code metadata} at the root, and in
   * an embedded resource, is ObjectMeta; {@code x-kubernetes-preserve-unknown-fields} and {@code
   * additionalProperties: true} let anything through.
   */
  record Structural(JsonNode schema, boolean root, ObjectMapper mapper) implements FieldSchema {
    private static final Set<String> TYPE_META = Set.of("apiVersion", "kind");

    @Override
    public Optional<FieldSchema> field(String name) {
      if (schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        return Optional.of(OPEN);
      }
      boolean resource = root || schema.path("x-kubernetes-embedded-resource").asBoolean(false);
      if (resource && TYPE_META.contains(name)) {
        return Optional.of(OPEN);
      }
      if (resource && name.equals("metadata")) {
        return Optional.of(Typed.of(ObjectMeta.class, mapper));
      }
      JsonNode declared = schema.path("properties").path(name);
      if (declared.isObject()) {
        return Optional.of(new Structural(declared, false, mapper));
      }
      JsonNode additional = schema.path("additionalProperties");
      if (additional.isObject()) {
        return Optional.of(new Structural(additional, false, mapper));
      }
      if (additional.asBoolean(false) || !schema.has("type") && !schema.has("properties")) {
        return Optional.of(OPEN);
      }
      return Optional.empty();
    }

    @Override
    public FieldSchema item() {
      JsonNode items = schema.path("items");
      return items.isObject() ? new Structural(items, false, mapper) : OPEN;
    }
  }
}
