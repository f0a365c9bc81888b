package dev.gpudra.allocator.explain;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Objects;

/**
 * How an object is named in answers and errors: {@code Pod ns/name}, {@code DeviceClass name}.
 *
 * @param kind the object's kind
 * @param namespace its namespace, as given; empty for cluster-scoped objects or when not set
 * @param name its name
 */
record ObjectRef(String kind, String namespace, String name) {
  /** Where objects without a namespace go, as with {@code kubectl apply -f}. */
  static final String DEFAULT_NAMESPACE = "default";

  ObjectRef {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
  }

  static ObjectRef of(HasMetadata object) {
    return new ObjectRef(
        Objects.requireNonNullElse(object.getKind(), object.getClass().getSimpleName()),
        Objects.requireNonNullElse(object.getMetadata().getNamespace(), ""),
        Objects.requireNonNullElse(object.getMetadata().getName(), ""));
  }

  /** The namespace a namespaced object lives in: its own, else {@value #DEFAULT_NAMESPACE}. */
  String effectiveNamespace() {
    return namespace.isEmpty() ? DEFAULT_NAMESPACE : namespace;
  }

  /** {@code ns/name}, or {@code name} without a namespace. */
  String qualifiedName() {
    return namespace.isEmpty() ? name : namespace + "/" + name;
  }

  @Override
  public String toString() {
    return kind + " " + qualifiedName();
  }
}
