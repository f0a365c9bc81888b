package dev.gpudra.api.resource;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Objects;

/**
 * A custom resource with metadata, a spec and a status: the accessors Jackson and fabric8's client
 * use, equality, and a short {@code toString}. A subclass names its group, version and kind (the
 * fabric8 annotations) and passes them here.
 *
 * @param <S> the spec's type
 * @param <T> the status's type
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec", "status"})
public abstract class SpecStatusResource<S, T> implements HasMetadata {
  private String apiVersion;
  private String kind;
  private ObjectMeta metadata;
  private S spec;
  private T status;

  protected SpecStatusResource(
      String apiVersion, String kind, ObjectMeta metadata, S spec, T status) {
    this.apiVersion = apiVersion;
    this.kind = kind;
    this.metadata = metadata;
    this.spec = spec;
    this.status = status;
  }

  @Override
  public String getApiVersion() {
    return apiVersion;
  }

  @Override
  public void setApiVersion(String apiVersion) {
    this.apiVersion = apiVersion;
  }

  @Override
  public String getKind() {
    return kind;
  }

  public void setKind(String kind) {
    this.kind = kind;
  }

  @Override
  public ObjectMeta getMetadata() {
    return metadata;
  }

  @Override
  public void setMetadata(ObjectMeta metadata) {
    this.metadata = metadata;
  }

  public S getSpec() {
    return spec;
  }

  public void setSpec(S spec) {
    this.spec = spec;
  }

  public T getStatus() {
    return status;
  }

  public void setStatus(T status) {
    this.status = status;
  }

  @Override
  public boolean equals(Object o) {
    return o != null
        && o.getClass() == getClass()
        && o instanceof SpecStatusResource<?, ?> other
        && Objects.equals(apiVersion, other.apiVersion)
        && Objects.equals(kind, other.kind)
        && Objects.equals(metadata, other.metadata)
        && Objects.equals(spec, other.spec)
        && Objects.equals(status, other.status);
  }

  @Override
  public int hashCode() {
    return Objects.hash(getClass(), apiVersion, kind, metadata, spec, status);
  }

  @Override
  public String toString() {
    return kind
        + "["
        + (metadata == null
            ? ""
            : (metadata.getNamespace() == null ? "" : metadata.getNamespace() + "/")
                + metadata.getName())
        + ", "
        + spec
        + ", "
        + status
        + "]";
  }
}
