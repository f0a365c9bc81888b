package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.Objects;

/**
 * A set of nodes prepared to run one multi-node workload over NVLink: the controller makes its
 * daemons and the workload's ResourceClaimTemplate, the nodes' daemons run IMEX.
 */
@Group(ComputeDomain.GROUP)
@Version(ComputeDomain.VERSION)
@Kind(ComputeDomain.KIND)
@Plural("computedomains")
@Singular("computedomain")
@JsonDeserialize(using = JsonDeserializer.None.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "spec", "status"})
public final class ComputeDomain implements HasMetadata, Namespaced {
  public static final String GROUP = "resource.nvidia.com";
  public static final String VERSION = "v1beta1";
  public static final String KIND = "ComputeDomain";

  private String apiVersion = GROUP + "/" + VERSION;
  private String kind = KIND;
  private ObjectMeta metadata;
  private ComputeDomainSpec spec;
  private ComputeDomainStatus status;

  public ComputeDomain() {}

  public ComputeDomain(ObjectMeta metadata, ComputeDomainSpec spec, ComputeDomainStatus status) {
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

  public ComputeDomainSpec getSpec() {
    return spec;
  }

  public void setSpec(ComputeDomainSpec spec) {
    this.spec = spec;
  }

  public ComputeDomainStatus getStatus() {
    return status;
  }

  public void setStatus(ComputeDomainStatus status) {
    this.status = status;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ComputeDomain other
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
    return "ComputeDomain["
        + (metadata == null ? "" : metadata.getNamespace() + "/" + metadata.getName())
        + ", "
        + spec
        + ", "
        + status
        + "]";
  }
}
