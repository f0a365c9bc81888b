package dev.gpudra.api.computedomain;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.gpudra.api.resource.SpecStatusResource;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

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
public final class ComputeDomain extends SpecStatusResource<ComputeDomainSpec, ComputeDomainStatus>
    implements Namespaced {
  public static final String GROUP = "resource.nvidia.com";
  public static final String VERSION = "v1beta1";
  public static final String KIND = "ComputeDomain";

  public ComputeDomain() {
    this(null, null, null);
  }

  public ComputeDomain(ObjectMeta metadata, ComputeDomainSpec spec, ComputeDomainStatus status) {
    super(GROUP + "/" + VERSION, KIND, metadata, spec, status);
  }

  /** Typed, for java-operator-sdk, which looks the setter up by the status's class. */
  @Override
  public void setStatus(ComputeDomainStatus status) {
    super.setStatus(status);
  }
}
