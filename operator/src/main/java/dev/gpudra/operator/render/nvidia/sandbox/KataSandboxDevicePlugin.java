package dev.gpudra.operator.render.nvidia.sandbox;

import dev.gpudra.api.clusterpolicy.KataSandboxDevicePluginSpec;
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
 * {@code state-kata-device-plugin}: NVIDIA's Kata sandbox device plugin ({@code
 * spec.kataSandboxDevicePlugin}, else {@code KATA_SANDBOX_DEVICE_PLUGIN_IMAGE}) on the nodes
 * labelled {@code nvidia.com/gpu.deploy.kata-sandbox-device-plugin=true}, advertising GPUs bound to
 * {@code vfio-pci} to Kata pods through CDI specs in {@code /var/run/cdi}. It waits for {@code
 * vfio-pci-ready} on {@code vm-passthrough} nodes. NVIDIA's OpenShift SCC rule and {@code
 * clusterversions} read are not rendered.
 */
public final class KataSandboxDevicePlugin {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-kata-sandbox-device-plugin-daemonset";

  /** NVIDIA's name of the service account and roles. */
  public static final String ACCOUNT = "nvidia-kata-sandbox-device-plugin";

  static final String MAIN = "nvidia-kata-sandbox-device-plugin-ctr";

  private KataSandboxDevicePlugin() {}

  public static List<HasMetadata> objects(OperandContext context) {
    KataSandboxDevicePluginSpec spec = context.spec().kataSandboxDevicePlugin();
    String key = "kataSandboxDevicePlugin";
    String variable = "KATA_SANDBOX_DEVICE_PLUGIN_IMAGE";
    NvidiaComponent component = NvidiaComponent.of(context, spec, key, variable);
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
            List.of(OperandRbac.rule("", "nodes", "get"), OperandRbac.rule("", "pods", "get"))));
    objects.add(OperandRbac.clusterRoleBinding(context, ACCOUNT));
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(ACCOUNT)
            .withInitContainers(
                SandboxPods.workloadWait(
                    "vfio-pci-validation",
                    SandboxPods.validatorImage(context),
                    WorkloadConfig.VM_PASSTHROUGH,
                    "vfio-pci-ready"))
            .withContainers(
                new ContainerBuilder()
                    .withName(MAIN)
                    .withEnv(
                        PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
                        PodParts.fieldRef("POD_NAMESPACE", "metadata.namespace"),
                        PodParts.fieldRef("POD_SERVICE_ACCOUNT", "spec.serviceAccountName"))
                    .withNewSecurityContext()
                    .withPrivileged(true)
                    .endSecurityContext()
                    .withVolumeMounts(
                        PodParts.mount("device-plugin", SandboxPods.DEVICE_PLUGINS),
                        PodParts.mount("cdi-root", SandboxPods.CDI_ROOT))
                    .build())
            .withVolumes(
                PodParts.hostPath("device-plugin", SandboxPods.DEVICE_PLUGINS, null),
                ValidationWait.volume(),
                PodParts.hostPath("cdi-root", SandboxPods.CDI_ROOT, "DirectoryOrCreate"))
            .build();
    component.applyTo(pod, MAIN);
    objects.add(DaemonSetShape.of(context, NAME, "kata-sandbox-device-plugin", Map.of(), pod));
    return objects;
  }
}
