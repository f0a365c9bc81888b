package dev.gpudra.operator.render.nvidia.dcgm;

import dev.gpudra.api.clusterpolicy.DcgmSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorRuntime;
import dev.gpudra.operator.render.nvidia.validator.OperatorValidatorToolkitWait;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.List;
import java.util.Map;

/**
 * {@code state-dcgm}: NVIDIA's standalone DCGM host engine, {@code nv-hostengine} ({@code
 * spec.dcgm}, else the operator's {@code DCGM_IMAGE}), on the nodes labelled {@code
 * nvidia.com/gpu.deploy.dcgm=true}, serving port 5555 ({@code dcgm}) behind the Service {@code
 * nvidia-dcgm} (node-local traffic only), which the DCGM exporter connects to. It waits for the
 * validator's {@code toolkit-ready} and runs with NVIDIA's RuntimeClass. It needs no API access:
 * only its service account is rendered (NVIDIA's Role grants nothing but OpenShift's
 * SecurityContextConstraints and the deprecated PodSecurityPolicy, both left out). {@code
 * dcgm.hostPort} is deprecated and ignored, as NVIDIA's operator ignores it.
 */
public final class DcgmDaemonSet {
  /** NVIDIA's name of the DaemonSet, its Service and its service account. */
  public static final String NAME = "nvidia-dcgm";

  /** The host engine's port. */
  public static final int PORT = 5555;

  static final String CONTAINER = "nvidia-dcgm-ctr";

  private DcgmDaemonSet() {}

  public static List<HasMetadata> objects(OperandContext context) {
    DcgmSpec spec = context.spec().dcgm();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "dcgm", "DCGM_IMAGE");
    return List.of(
        OperandRbac.serviceAccount(context, NAME), service(context), daemonSet(context, component));
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    PodSpec pod =
        new PodSpecBuilder()
            .withInitContainers(OperatorValidatorToolkitWait.initContainer(context))
            .withContainers(hostEngine())
            .withVolumes(ValidationWait.volume())
            .build();
    DaemonSet daemonSet =
        NvidiaDaemonSet.of(
            context, new NvidiaDaemonSet.Shape(NAME, "dcgm", CONTAINER, Map.of()), component, pod);
    OperatorValidatorToolkitWait.finish(daemonSet, context);
    OperatorValidatorRuntime.apply(daemonSet, context, CONTAINER);
    return daemonSet;
  }

  private static Container hostEngine() {
    return new ContainerBuilder()
        .withName(CONTAINER)
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .addNewPort()
        .withName("dcgm")
        .withContainerPort(PORT)
        .endPort()
        .withLivenessProbe(tcpProbe())
        .withReadinessProbe(tcpProbe())
        .build();
  }

  private static Probe tcpProbe() {
    return new ProbeBuilder()
        .withNewTcpSocket()
        .withPort(new IntOrString(PORT))
        .endTcpSocket()
        .withInitialDelaySeconds(15)
        .build();
  }

  private static HasMetadata service(OperandContext context) {
    return new ServiceBuilder()
        .withNewMetadata()
        .withName(NAME)
        .withNamespace(context.namespace())
        .addToLabels("app", NAME)
        .addToLabels("app.kubernetes.io/component", NAME)
        .endMetadata()
        .withNewSpec()
        .withType("ClusterIP")
        .withInternalTrafficPolicy("Local")
        .addToSelector("app", NAME)
        .addNewPort()
        .withName("dcgm")
        .withPort(PORT)
        .withProtocol("TCP")
        .endPort()
        .endSpec()
        .build();
  }
}
