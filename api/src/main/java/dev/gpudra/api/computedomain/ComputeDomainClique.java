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
import java.util.List;
import java.util.Objects;

/**
 * The daemons of one NVLink clique of a domain, named {@code <domain UID>.<clique ID>} in the
 * driver's namespace; each daemon adds itself (and its pod as an owner, so the clique goes with the
 * last of them).
 */
@Group(ComputeDomain.GROUP)
@Version(ComputeDomain.VERSION)
@Kind(ComputeDomainClique.KIND)
@Plural("computedomaincliques")
@Singular("computedomainclique")
@JsonDeserialize(using = JsonDeserializer.None.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"apiVersion", "kind", "metadata", "daemons"})
public final class ComputeDomainClique implements HasMetadata, Namespaced {
  public static final String KIND = "ComputeDomainClique";

  private String apiVersion = ComputeDomain.GROUP + "/" + ComputeDomain.VERSION;
  private String kind = KIND;
  private ObjectMeta metadata;
  private List<ComputeDomainDaemon> daemons;

  public ComputeDomainClique() {}

  public ComputeDomainClique(ObjectMeta metadata, List<ComputeDomainDaemon> daemons) {
    this.metadata = metadata;
    setDaemons(daemons);
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

  public List<ComputeDomainDaemon> getDaemons() {
    return daemons;
  }

  public void setDaemons(List<ComputeDomainDaemon> daemons) {
    this.daemons = daemons == null ? null : List.copyOf(daemons);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ComputeDomainClique other
        && Objects.equals(apiVersion, other.apiVersion)
        && Objects.equals(kind, other.kind)
        && Objects.equals(metadata, other.metadata)
        && Objects.equals(daemons, other.daemons);
  }

  @Override
  public int hashCode() {
    return Objects.hash(apiVersion, kind, metadata, daemons);
  }

  @Override
  public String toString() {
    return "ComputeDomainClique["
        + (metadata == null ? "" : metadata.getNamespace() + "/" + metadata.getName())
        + ", "
        + daemons
        + "]";
  }
}
