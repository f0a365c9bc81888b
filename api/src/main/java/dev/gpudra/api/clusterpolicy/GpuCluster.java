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
 * NVIDIA's DRA-only operator resource ({@code nvidia.com/v1alpha1}, cluster-scoped, named {@code
 * gpu-cluster}): gpu-dra accepts it as an alias of a ClusterPolicy whose every GPU node runs the
 * DRA driver.
 */
@Group(ClusterPolicy.GROUP)
@Version(GpuCluster.VERSION)
@Kind(GpuCluster.KIND)
@Plural(GpuCluster.PLURAL)
@Singular("gpucluster")
@JsonDeserialize(using = JsonDeserializer.None.class)
public final class GpuCluster extends SpecStatusResource<GpuClusterSpec, GpuClusterStatus> {
  public static final String VERSION = "v1alpha1";
  public static final String KIND = "GPUCluster";
  public static final String PLURAL = "gpuclusters";

  /** The one name a GPUCluster may have. */
  public static final String NAME = "gpu-cluster";

  public GpuCluster() {
    this(null, null, null);
  }

  public GpuCluster(ObjectMeta metadata, GpuClusterSpec spec, GpuClusterStatus status) {
    super(ClusterPolicy.GROUP + "/" + VERSION, KIND, metadata, spec, status);
  }

  /** Typed, for java-operator-sdk, which looks the setter up by the status's class. */
  @Override
  public void setStatus(GpuClusterStatus status) {
    super.setStatus(status);
  }
}
