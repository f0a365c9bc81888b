package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.SandboxDevicePluginSpec;
import dev.gpudra.api.clusterpolicy.WorkloadConfig;
import dev.gpudra.operator.render.DaemonSetShape;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code state-sandbox-device-plugin}: NVIDIA's KubeVirt GPU device plugin ({@code
 * spec.sandboxDevicePlugin}, else {@code SANDBOX_DEVICE_PLUGIN_IMAGE}) on the nodes labelled {@code
 * nvidia.com/gpu.deploy.sandbox-device-plugin=true}, advertising passed-through GPUs ({@code
 * /dev/vfio}) and vGPUs to the kubelet. It waits for {@code vfio-pci-ready} on {@code
 * vm-passthrough} nodes and {@code vgpu-devices-ready} on {@code vm-vgpu} nodes. NVIDIA's OpenShift
 * SCC rule and {@code clusterversions} read are not rendered.
 */
public final class SandboxDevicePlugin {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-sandbox-device-plugin-daemonset";

  /** NVIDIA's name of the service account and roles. */
  public static final String ACCOUNT = "nvidia-sandbox-device-plugin";

  static final String MAIN = "nvidia-sandbox-device-plugin-ctr";

  private SandboxDevicePlugin() {}

  public static List<HasMetadata> objects(OperandContext context) {
    SandboxDevicePluginSpec spec = context.spec().sandboxDevicePlugin();
    NvidiaComponent component =
        NvidiaComponent.of(context, spec, "sandboxDevicePlugin", "SANDBOX_DEVICE_PLUGIN_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, ACCOUNT));
    objects.addAll(
        OperandRbac.role(
            context,
            ACCOUNT,
            ACCOUNT,
            OperandRbac.rule("", "pods", "create", "get", "list", "watch", "delete"),
            OperandRbac.rule(
                "nfd.k8s-sigs.io", "nodefeatures", "create", "get", "list", "watch", "update")));
    objects.add(
        OperandRbac.clusterRole(
            ACCOUNT,
            List.of(
                OperandRbac.rule("", "nodes", "get"),
                OperandRbac.rule("", "pods", "get"),
                OperandRbac.rule("", "pods/eviction", "get"))));
    objects.add(OperandRbac.clusterRoleBinding(context, ACCOUNT));
    String validator = SandboxPods.validatorImage(context);
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(ACCOUNT)
            .withInitContainers(
                SandboxPods.workloadWait(
                    "vfio-pci-validation",
                    validator,
                    WorkloadConfig.VM_PASSTHROUGH,
                    "vfio-pci-ready"),
                SandboxPods.workloadWait(
                    "vgpu-devices-validation",
                    validator,
                    WorkloadConfig.VM_VGPU,
                    "vgpu-devices-ready"))
            .withContainers(
                new ContainerBuilder()
                    .withName(MAIN)
                    .withNewSecurityContext()
                    .withPrivileged(true)
                    .endSecurityContext()
                    .withVolumeMounts(
                        PodParts.mount("device-plugin", SandboxPods.DEVICE_PLUGINS),
                        PodParts.mount("vfio", "/dev/vfio"),
                        PodParts.mount("cdi-root", SandboxPods.CDI_ROOT))
                    .build())
            .withVolumes(
                PodParts.hostPath("device-plugin", SandboxPods.DEVICE_PLUGINS, null),
                ValidationWait.volume(),
                PodParts.hostPath("vfio", "/dev/vfio", null),
                PodParts.hostPath("cdi-root", SandboxPods.CDI_ROOT, "DirectoryOrCreate"))
            .build();
    component.applyTo(pod, MAIN);
    objects.add(DaemonSetShape.of(context, NAME, "sandbox-device-plugin", Map.of(), pod));
    return objects;
  }
}
