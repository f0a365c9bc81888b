package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.gpudra.api.resource.SpecStatusResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

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
public final class ClusterPolicy
    extends SpecStatusResource<ClusterPolicySpec, ClusterPolicyStatus> {
  public static final String GROUP = "nvidia.com";
  public static final String VERSION = "v1";
  public static final String KIND = "ClusterPolicy";
  public static final String PLURAL = "clusterpolicies";

  public ClusterPolicy() {
    this(null, null, null);
  }

  public ClusterPolicy(ObjectMeta metadata, ClusterPolicySpec spec, ClusterPolicyStatus status) {
    super(GROUP + "/" + VERSION, KIND, metadata, spec, status);
  }

  /** Typed, for java-operator-sdk, which looks the setter up by the status's class. */
  @Override
  public void setStatus(ClusterPolicyStatus status) {
    super.setStatus(status);
  }
}
