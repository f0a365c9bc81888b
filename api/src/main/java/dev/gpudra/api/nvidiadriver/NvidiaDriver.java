package dev.gpudra.api.nvidiadriver;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.resource.SpecStatusResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * NVIDIA's {@code NVIDIADriver} ({@code nvidia.com/v1alpha1}, cluster-scoped): the driver of the
 * GPU nodes its {@code nodeSelector} picks, or of every GPU node no other picks when it is the
 * {@code default}.
 */
@Group(ClusterPolicy.GROUP)
@Version(NvidiaDriver.VERSION)
@Kind(NvidiaDriver.KIND)
@Plural(NvidiaDriver.PLURAL)
@Singular("nvidiadriver")
@JsonDeserialize(using = JsonDeserializer.None.class)
public final class NvidiaDriver extends SpecStatusResource<NvidiaDriverSpec, NvidiaDriverStatus> {
  public static final String VERSION = "v1alpha1";
  public static final String KIND = "NVIDIADriver";
  public static final String PLURAL = "nvidiadrivers";

  /**
   * The node label the operator routes each GPU node to its NVIDIADriver with; no selector may name
   * it.
   */
  public static final String OWNER_LABEL = "nvidia.com/gpu-operator.driver.owner";

  public NvidiaDriver() {
    this(null, null, null);
  }

  public NvidiaDriver(ObjectMeta metadata, NvidiaDriverSpec spec, NvidiaDriverStatus status) {
    super(ClusterPolicy.GROUP + "/" + VERSION, KIND, metadata, spec, status);
  }

  /** Typed, for java-operator-sdk, which looks the setter up by the status's class. */
  @Override
  public void setStatus(NvidiaDriverStatus status) {
    super.setStatus(status);
  }
}
