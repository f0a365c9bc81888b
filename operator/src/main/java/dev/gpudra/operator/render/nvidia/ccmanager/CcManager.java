package dev.gpudra.operator.render.nvidia.ccmanager;

import dev.gpudra.api.clusterpolicy.CcManagerSpec;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code state-cc-manager}: NVIDIA's confidential-computing manager ({@code spec.ccManager}, else
 * {@code CC_MANAGER_IMAGE}) on the nodes labelled {@code nvidia.com/gpu.deploy.cc-manager=true} and
 * {@code nvidia.com/cc.capable=true}. It sets the GPUs' CC mode from the node's label, else {@code
 * ccManager.defaultMode} ({@code DEFAULT_CC_MODE}), patching its node's labels, and marks itself
 * ready in {@code /run/nvidia/validations} (removed on stop), which the sandbox validator's {@code
 * cc-manager} step reads. It waits for nothing. NVIDIA's OpenShift SCC and PSP role is not
 * rendered.
 */
public final class CcManager {
  /** NVIDIA's name of the DaemonSet, its container and service account. */
  public static final String NAME = "nvidia-cc-manager";

  private CcManager() {}

  public static List<HasMetadata> objects(OperandContext context) {
    CcManagerSpec spec = context.spec().ccManager();
    NvidiaComponent component = NvidiaComponent.of(context, spec, "ccManager", "CC_MANAGER_IMAGE");
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.add(
        OperandRbac.clusterRole(
            NAME, List.of(OperandRbac.rule("", "nodes", "get", "list", "patch", "watch"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    PodSpec pod =
        new PodSpecBuilder()
            .withContainers(main(spec))
            .withTerminationGracePeriodSeconds(30L)
            .withVolumes(
                PodParts.hostPath("host-sys", "/sys", "Directory"),
                PodParts.hostPath("run-nvidia", "/run/nvidia", "DirectoryOrCreate"))
            .build();
    objects.add(
        NvidiaDaemonSet.of(
            context,
            new NvidiaDaemonSet.Shape(
                NAME, "cc-manager", NAME, Map.of("nvidia.com/cc.capable", "true")),
            component,
            pod));
    return objects;
  }

  private static Container main(CcManagerSpec spec) {
    Container main =
        new ContainerBuilder()
            .withName(NAME)
            .withEnv(
                PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
                PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"))
            .withNewResources()
            .addToLimits("memory", new Quantity("200Mi"))
            .addToRequests("cpu", new Quantity("100m"))
            .addToRequests("memory", new Quantity("200Mi"))
            .endResources()
            .withVolumeMounts(
                PodParts.mount("host-sys", "/sys"), PodParts.mount("run-nvidia", "/run/nvidia"))
            .withNewSecurityContext()
            .withPrivileged(true)
            .withNewSeLinuxOptions()
            .withLevel("s0")
            .endSeLinuxOptions()
            .endSecurityContext()
            .withNewLifecycle()
            .withNewPreStop()
            .withNewExec()
            .withCommand("/bin/rm", "-f", "/run/nvidia/validations/.cc-manager-ctr-ready")
            .endExec()
            .endPreStop()
            .endLifecycle()
            .build();
    if (spec != null && spec.defaultMode() != null) {
      main.getEnv()
          .add(PodParts.env("DEFAULT_CC_MODE", spec.defaultMode().name().toLowerCase(Locale.ROOT)));
    }
    return main;
  }
}
