package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.Objects;

/**
 * NVIDIA's GPU Operator policy ({@code nvidia.com/v1}, cluster-scoped): which operands run on the
 * GPU nodes and how. The operator reconciles one of them, the oldest ({@link Singleton}).
 */
@Group(ClusterPolicy.GROUP)
@Version(ClusterPolicy.VERSION)
@Kind(ClusterPolicy.KIND)
@Plural(ClusterPolicy.PLURAL)
@Singular("clusterpolicy")
@JsonDeserialize(using = JsonDeserializer.None.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec", "status"})
public final class ClusterPolicy implements HasMetadata {
  public static final String GROUP = "nvidia.com";
  public static final String VERSION = "v1";
  public static final String KIND = "ClusterPolicy";
  public static final String PLURAL = "clusterpolicies";

  private String apiVersion = GROUP + "/" + VERSION;
  private String kind = KIND;
  private ObjectMeta metadata;
  private ClusterPolicySpec spec;
  private ClusterPolicyStatus status;

  public ClusterPolicy() {}

  public ClusterPolicy(ObjectMeta metadata, ClusterPolicySpec spec, ClusterPolicyStatus status) {
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

  public ClusterPolicySpec getSpec() {
    return spec;
  }

  public void setSpec(ClusterPolicySpec spec) {
    this.spec = spec;
  }

  public ClusterPolicyStatus getStatus() {
    return status;
  }

  public void setStatus(ClusterPolicyStatus status) {
    this.status = status;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ClusterPolicy other
        && Objects.equals(apiVersion, other.apiVersion)
        && Objects.equals(kind, other.kind)
        && Objects.equals(metadata, other.metadata)
        && Objects.equals(spec, other.spec)
        && Objects.equals(status, other.status);
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiVersion, kind, metadata, spec, status);
  }

  @Override
  public String toString() {
    return "ClusterPolicy[" + (metadata == null ? "" : metadata.getName()) + "]";
  }
}
