package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.VfioManagerSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-vfio-manager}: NVIDIA's VFIO manager ({@code spec.vfioManager}, else {@code
 * VFIO_MANAGER_IMAGE}; NVIDIA ships it in the {@code k8s-driver-manager} image, which carries
 * {@code vfio-manage}) on the nodes labelled {@code nvidia.com/gpu.deploy.vfio-manager=true} (the
 * {@code vm-passthrough} ones). It binds every NVIDIA GPU of the node to {@code vfio-pci} (the
 * host's {@code /sys}, modules loaded through {@code /host}) and unbinds them when it stops; the
 * sandbox validator's {@code vfio-pci} step then writes {@code vfio-pci-ready}. It waits for
 * nothing: its {@code k8s-driver-manager} init container ({@code vfioManager.driverManager}, else
 * {@code DRIVER_MANAGER_IMAGE}, with {@code ENABLE_GPU_POD_EVICTION} and {@code ENABLE_AUTO_DRAIN}
 * {@code false} under the policy's {@code driverManager.env}) first unloads a running NVIDIA
 * driver. The pods are selected by {@code name: nvidia-vfio-manager}, NVIDIA's selector, so the
 * DaemonSet NVIDIA's operator left is updated in place.
 *
 * <p>Honoured: the image keys, {@code resources}, {@code args}, {@code env}, {@code hostNetwork},
 * {@code driverManager} (image, pull settings, {@code env}). Not rendered: NVIDIA's OpenShift-only
 * Role (the {@code privileged} SCC), the SCC and the {@code clusterversions} rule.
 */
public final class VfioManagerDaemonSet {
  /** NVIDIA's name of the DaemonSet, its container and service account. */
  public static final String NAME = "nvidia-vfio-manager";

  private VfioManagerDaemonSet() {}

  /**
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    VfioManagerSpec spec = context.spec().vfioManager();
    NvidiaComponent component =
        NvidiaComponent.of(context, spec, "vfioManager", "VFIO_MANAGER_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.add(
        OperandRbac.clusterRole(
            NAME,
            List.of(
                OperandRbac.rule("", "nodes", "get", "list", "patch", "watch"),
                OperandRbac.rule("", "pods", "get", "list", "watch"),
                OperandRbac.rule("", "pods/eviction", "create"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    DriverManagerSpec manager =
        Optional.ofNullable(context.spec().vfioManager())
            .map(VfioManagerSpec::driverManager)
            .orElse(null);
    Container driverManager =
        SandboxPods.driverManager(
            context,
            manager,
            "vfioManager.driverManager",
            List.of(
                PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
                PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"),
                PodParts.env("ENABLE_GPU_POD_EVICTION", "false"),
                PodParts.env("ENABLE_AUTO_DRAIN", "false"),
                PodParts.fieldRef("OPERATOR_NAMESPACE", "metadata.namespace")));
    PodSpec pod =
        new PodSpecBuilder()
            .withInitContainers(driverManager)
            .withContainers(main())
            .withTerminationGracePeriodSeconds(30L)
            .withVolumes(
                PodParts.hostPath("host-sys", "/sys", "Directory"),
                PodParts.hostPath("host-lib-modules", "/lib/modules", "Directory"),
                PodParts.hostPath("run-nvidia", "/run/nvidia", "DirectoryOrCreate"),
                PodParts.hostPath("host-root", "/", null))
            .build();
    DaemonSet ds = NvidiaDaemonSet.of(context, NAME, "vfio-manager", component, pod);
    SandboxPods.ownPullSettings(
        ds.getSpec().getTemplate().getSpec(), SandboxPods.DRIVER_MANAGER, manager);
    Map<String, String> podLabels =
        new LinkedHashMap<>(ds.getSpec().getTemplate().getMetadata().getLabels());
    podLabels.put("name", NAME);
    ds.getSpec().getTemplate().getMetadata().setLabels(podLabels);
    ds.getSpec().getSelector().setMatchLabels(Map.of("name", NAME));
    return ds;
  }

  private static Container main() {
    return new ContainerBuilder()
        .withName(NAME)
        .withCommand("/bin/sh", "-c")
        .withArgs("vfio-manage bind --all && while true; do sleep 86400; done")
        .withEnv(PodParts.env("HOST_ROOT", "/host"))
        .withNewResources()
        .addToLimits("memory", new Quantity("200Mi"))
        .addToRequests("cpu", new Quantity("100m"))
        .addToRequests("memory", new Quantity("200Mi"))
        .endResources()
        .withVolumeMounts(
            PodParts.mount("host-sys", "/sys"),
            new VolumeMountBuilder()
                .withName("host-lib-modules")
                .withMountPath("/lib/modules")
                .withReadOnly(true)
                .build(),
            PodParts.mount("host-root", "/host"))
        .withNewSecurityContext()
        .withPrivileged(true)
        .withNewSeLinuxOptions()
        .withLevel("s0")
        .endSeLinuxOptions()
        .endSecurityContext()
        .withNewLifecycle()
        .withNewPreStop()
        .withNewExec()
        .withCommand("/bin/sh", "-c", "vfio-manage unbind --all")
        .endExec()
        .endPreStop()
        .endLifecycle()
        .build();
  }
}
