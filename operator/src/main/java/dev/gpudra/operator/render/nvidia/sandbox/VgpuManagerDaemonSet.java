package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.DriverManagerSpec;
import dev.gpudra.api.clusterpolicy.KernelModuleConfigSpec;
import dev.gpudra.api.clusterpolicy.VgpuManagerSpec;
import dev.gpudra.operator.render.DaemonSetShape;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.StateRefusedException;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.driver.DriverDaemonSet;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetUpdateStrategyBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-vgpu-manager}: NVIDIA's vGPU host manager, the vGPU host driver container ({@code
 * spec.vgpuManager}, else {@code VGPU_MANAGER_IMAGE}), on the nodes labelled {@code
 * nvidia.com/gpu.deploy.vgpu-manager=true} (the {@code vm-vgpu} ones), behind the {@code
 * k8s-driver-manager} init container ({@code vgpuManager.driverManager}, else {@code
 * DRIVER_MANAGER_IMAGE}, {@code ENABLE_AUTO_DRAIN=false} under the policy's {@code
 * driverManager.env}), which unloads a running driver first. It waits for nothing; it installs the
 * host driver under {@code /run/nvidia/driver}, which the sandbox validator's {@code vgpu-manager}
 * step checks before writing {@code vgpu-manager-ready}, the vGPU device manager's wait. The
 * DaemonSet is always {@code OnDelete}, whatever {@code daemonsets.updateStrategy} says, as the
 * driver's: a host driver pod is replaced only when deleted.
 *
 * <p>Honoured: the image keys, {@code resources}, {@code args}, {@code env}, {@code hostNetwork},
 * {@code driverManager} (image, pull settings, {@code env}). The image's tag ends in the GPU nodes'
 * OS, as {@link DriverDaemonSet}'s ({@code -<os><version>} from NFD's labels; a {@code sha256:}
 * digest as it is; nodes of several OSes, or none labelled, refused). Refused: {@code
 * kernelModuleConfig} (NVIDIA mounts each key of the ConfigMap, read from the API server). Not
 * rendered: NVIDIA's OpenShift-only Role (the {@code privileged} SCC), the SCC, the {@code
 * clusterversions} rule, the Driver Toolkit sidecar and the {@code OPENSHIFT_VERSION} variable.
 */
public final class VgpuManagerDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-vgpu-manager-daemonset";

  /** NVIDIA's service account and cluster role of the vGPU manager pods. */
  static final String ACCOUNT = "nvidia-vgpu-manager";

  static final String MAIN = "nvidia-vgpu-manager-ctr";

  private VgpuManagerDaemonSet() {}

  /**
   * @throws StateRefusedException for {@code vgpuManager.kernelModuleConfig}
   * @throws dev.gpudra.operator.render.MissingImageException when an image is named nowhere
   */
  public static List<HasMetadata> objects(OperandContext context) {
    VgpuManagerSpec spec = context.spec().vgpuManager();
    refuseKernelModuleConfig(spec);
    NvidiaComponent base = NvidiaComponent.of(context, spec, "vgpuManager", "VGPU_MANAGER_IMAGE");
    NvidiaComponent component = base.withImage(context.driverImage(base.image(), "vgpuManager"));
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, ACCOUNT));
    objects.add(
        OperandRbac.clusterRole(
            ACCOUNT,
            List.of(
                OperandRbac.rule("", "nodes", "get", "list", "patch", "watch"),
                OperandRbac.rule("", "pods", "create", "delete", "get", "list", "patch", "update"),
                OperandRbac.rule(
                    "", "pods/eviction", "create", "delete", "get", "list", "patch", "update"),
                OperandRbac.rule("apps", "daemonsets", "get"))));
    objects.add(OperandRbac.clusterRoleBinding(context, ACCOUNT));
    objects.add(daemonSet(context, component));
    return objects;
  }

  private static void refuseKernelModuleConfig(VgpuManagerSpec spec) {
    boolean named =
        Optional.ofNullable(spec)
            .map(VgpuManagerSpec::kernelModuleConfig)
            .map(KernelModuleConfigSpec::name)
            .filter(n -> !n.isEmpty())
            .isPresent();
    if (named) {
      throw new StateRefusedException(
          "spec.vgpuManager.kernelModuleConfig: NVIDIA's operator reads the ConfigMap from the API"
              + " server and mounts each of its keys into the vGPU manager container; gpu-dra's"
              + " operator renders without reading ConfigMaps, so it cannot name the keys");
    }
  }

  private static DaemonSet daemonSet(OperandContext context, NvidiaComponent component) {
    DriverManagerSpec manager =
        Optional.ofNullable(context.spec().vgpuManager())
            .map(VgpuManagerSpec::driverManager)
            .orElse(null);
    Container driverManager =
        SandboxPods.driverManager(
            context,
            manager,
            "vgpuManager.driverManager",
            List.of(
                PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
                PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"),
                PodParts.env("ENABLE_AUTO_DRAIN", "false"),
                PodParts.fieldRef("OPERATOR_NAMESPACE", "metadata.namespace")));
    PodSpec pod =
        new PodSpecBuilder()
            .withHostPID(true)
            .withHostIPC(true)
            .withServiceAccountName(ACCOUNT)
            .withInitContainers(driverManager)
            .withContainers(main())
            .withVolumes(volumes())
            .build();
    component.applyTo(pod, MAIN);
    SandboxPods.ownPullSettings(pod, SandboxPods.DRIVER_MANAGER, manager);
    DaemonSet ds = DaemonSetShape.of(context, NAME, "vgpu-manager", Map.of(), pod);
    Map<String, String> annotations =
        new LinkedHashMap<>(
            Optional.ofNullable(ds.getSpec().getTemplate().getMetadata().getAnnotations())
                .orElse(Map.of()));
    annotations.put("kubectl.kubernetes.io/default-container", MAIN);
    ds.getSpec().getTemplate().getMetadata().setAnnotations(annotations);
    ds.getSpec()
        .setUpdateStrategy(new DaemonSetUpdateStrategyBuilder().withType("OnDelete").build());
    return ds;
  }

  private static Container main() {
    return new ContainerBuilder()
        .withName(MAIN)
        .withCommand("nvidia-driver")
        .withArgs("init")
        .withNewSecurityContext()
        .withPrivileged(true)
        .withNewSeLinuxOptions()
        .withLevel("s0")
        .endSeLinuxOptions()
        .endSecurityContext()
        .withVolumeMounts(
            new VolumeMountBuilder()
                .withName("run-nvidia")
                .withMountPath("/run/nvidia")
                .withMountPropagation("Bidirectional")
                .build(),
            PodParts.mount("host-os-release", "/host-etc/os-release"),
            PodParts.mount("vfio", "/dev/vfio"),
            PodParts.mount("cgroup", "/sys/fs/cgroup"),
            PodParts.mount("var-log", "/var/log"),
            PodParts.mount("dev-log", "/dev/log"),
            PodParts.mount("firmware-search-path", "/sys/module/firmware_class/parameters/path"),
            PodParts.mount("nv-firmware", "/lib/firmware"))
        .build();
  }

  private static List<Volume> volumes() {
    return List.of(
        PodParts.hostPath("run-nvidia", "/run/nvidia", "DirectoryOrCreate"),
        PodParts.hostPath("host-os-release", "/etc/os-release", null),
        PodParts.hostPath("cgroup", "/sys/fs/cgroup", "Directory"),
        PodParts.hostPath("vfio", "/dev/vfio", "Directory"),
        PodParts.hostPath("host-root", "/", null),
        PodParts.hostPath("host-sys", "/sys", "Directory"),
        PodParts.hostPath("var-log", "/var/log", "Directory"),
        PodParts.hostPath("dev-log", "/dev/log", null),
        PodParts.hostPath(
            "firmware-search-path", "/sys/module/firmware_class/parameters/path", null),
        PodParts.hostPath("nv-firmware", "/run/nvidia/driver/lib/firmware", "DirectoryOrCreate"));
  }
}
