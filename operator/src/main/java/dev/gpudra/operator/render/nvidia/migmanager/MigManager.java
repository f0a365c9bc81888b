package dev.gpudra.operator.render.nvidia.migmanager;

import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.operator.render.DaemonSetShape;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.OperandRbac;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.ValidationWait;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.gfd.GfdRuntimeClass;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code state-mig-manager}: NVIDIA's MIG manager ({@code spec.migManager}, else {@code
 * MIG_MANAGER_IMAGE}) on the nodes labelled {@code nvidia.com/gpu.deploy.mig-manager=true} (the
 * MIG-capable ones), after the validator's {@code toolkit-ready} and, in its entrypoint, {@code
 * driver-ready}. It applies the layout a node's {@code nvidia.com/mig.config} names, from the
 * ConfigMap {@code migManager.config.name} ({@code CONFIG_FILE}) or, by default, from the layouts
 * it generates from NVML at start and writes to the ConfigMap {@code <node>-mig-config} here (hence
 * {@code POD_NAME}, {@code POD_NAMESPACE} and its ConfigMap rule), falling back to NVIDIA's {@code
 * default-mig-parted-config} ({@code DEFAULT_CONFIG_FILE}), which the state renders (see {@link
 * MigManagerLayouts}). It stops the GPU clients of {@code migManager.gpuClientsConfig.name} (else
 * {@code default-gpu-clients}) and the operands of this namespace; with CDI it regenerates the CDI
 * specs ({@code CDI_ENABLED}, {@code NVIDIA_CDI_HOOK_PATH} while the toolkit is deployed). It runs
 * in the {@code nvidia} RuntimeClass, reads and labels nodes and deletes operand pods here. {@code
 * migManager.config.default} is the node labeller's, not this DaemonSet's. The host is mounted at
 * {@code /host} and an operator-run driver's root at its host path, where the paths that {@code
 * driver-ready} exports lead (gpu-dra's reading of NVIDIA's entrypoint). NVIDIA's OpenShift
 * SecurityContextConstraints rule is not rendered.
 */
public final class MigManager {
  /** NVIDIA's name of the DaemonSet, its main container and its service account. */
  public static final String NAME = "nvidia-mig-manager";

  private MigManager() {}

  public static List<HasMetadata> objects(OperandContext context) {
    MigManagerLayouts layouts = MigManagerLayouts.of(context);
    List<HasMetadata> objects = new ArrayList<>();
    objects.add(OperandRbac.serviceAccount(context, NAME));
    objects.addAll(
        OperandRbac.role(
            context,
            NAME,
            NAME,
            OperandRbac.fullAccess("", "pods"),
            OperandRbac.rule("", "configmaps", "get", "create", "update")));
    objects.add(
        OperandRbac.clusterRole(
            NAME,
            List.of(OperandRbac.rule("", "nodes", "get", "list", "watch", "update", "patch"))));
    objects.add(OperandRbac.clusterRoleBinding(context, NAME));
    objects.add(MigManagerConfigMaps.defaultClients(context));
    if (!layouts.custom()) {
      objects.add(MigManagerConfigMaps.defaultLayouts(context));
    }
    objects.add(MigManagerConfigMaps.entrypoint(context));
    objects.add(daemonSet(context, component(context), layouts));
    return objects;
  }

  private static NvidiaComponent component(OperandContext context) {
    MigManagerSpec spec = context.spec().migManager();
    return NvidiaComponent.of(context, spec, "migManager", "MIG_MANAGER_IMAGE");
  }

  private static DaemonSet daemonSet(
      OperandContext context, NvidiaComponent component, MigManagerLayouts layouts) {
    String validator =
        context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
    List<Volume> volumes = new ArrayList<>();
    volumes.add(PodParts.hostPath("host-sys", "/sys", "Directory"));
    volumes.add(layouts.volume());
    volumes.add(configMapVolume("gpu-clients", MigManagerConfigMaps.clients(context), null));
    volumes.add(PodParts.hostPath("host-root", "/", null));
    volumes.add(ValidationWait.volume());
    volumes.add(
        configMapVolume(MigManagerConfigMaps.ENTRYPOINT, MigManagerConfigMaps.ENTRYPOINT, 448));
    if (!context.driverRoot().equals("/")) {
      volumes.add(
          PodParts.hostPath("driver-install-dir", context.driverRoot(), "DirectoryOrCreate"));
    }
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(NAME)
            .withInitContainers(
                ValidationWait.initContainer(
                    "toolkit-validation",
                    validator,
                    "toolkit-ready",
                    "nvidia container toolkit to be setup"))
            .withContainers(main(context, layouts))
            .withVolumes(volumes)
            .build();
    component.applyTo(pod, NAME);
    DaemonSet ds = DaemonSetShape.of(context, NAME, "mig-manager", Map.of(), pod);
    GfdRuntimeClass.applyTo(context, ds.getSpec().getTemplate(), NAME);
    return ds;
  }

  private static Container main(OperandContext context, MigManagerLayouts layouts) {
    return new ContainerBuilder()
        .withName(NAME)
        .withCommand("/bin/bash", "-c")
        .withArgs("/bin/entrypoint.sh")
        .withEnv(env(context, layouts))
        .withNewSecurityContext()
        .withPrivileged(true)
        .endSecurityContext()
        .withVolumeMounts(mounts(context))
        .build();
  }

  static List<EnvVar> env(OperandContext context, MigManagerLayouts layouts) {
    List<EnvVar> env = new ArrayList<>();
    env.add(PodParts.fieldRef("NODE_NAME", "spec.nodeName"));
    env.add(PodParts.fieldRef("POD_NAME", "metadata.name"));
    env.add(PodParts.fieldRef("POD_NAMESPACE", "metadata.namespace"));
    env.add(layouts.env());
    env.add(PodParts.env("GPU_CLIENTS_FILE", "/gpu-clients/clients.yaml"));
    env.add(PodParts.fieldRef("DEFAULT_GPU_CLIENTS_NAMESPACE", "metadata.namespace"));
    env.add(PodParts.env("WITH_REBOOT", "false"));
    env.add(PodParts.env("HOST_ROOT_MOUNT", "/host"));
    var spec = context.spec();
    if (spec.cdi() == null || spec.cdi().enabledOrDefault()) {
      env.add(PodParts.env("CDI_ENABLED", "true"));
      if (OperandState.CONTAINER_TOOLKIT.enabledBy(spec)) {
        context.cdiHookPath().ifPresent(p -> env.add(PodParts.env("NVIDIA_CDI_HOOK_PATH", p)));
      }
    }
    return env;
  }

  private static List<VolumeMount> mounts(OperandContext context) {
    List<VolumeMount> mounts = new ArrayList<>();
    mounts.add(PodParts.mount("host-sys", "/sys"));
    mounts.add(PodParts.mount(MigManagerLayouts.VOLUME, MigManagerLayouts.DIR));
    mounts.add(PodParts.hostToContainerWritable("host-root", "/host"));
    mounts.add(PodParts.mount("gpu-clients", "/gpu-clients"));
    mounts.add(PodParts.hostToContainerWritable(ValidationWait.VOLUME, ValidationWait.DIR));
    mounts.add(
        new VolumeMountBuilder()
            .withName(MigManagerConfigMaps.ENTRYPOINT)
            .withMountPath("/bin/entrypoint.sh")
            .withSubPath("entrypoint.sh")
            .withReadOnly(true)
            .build());
    if (!context.driverRoot().equals("/")) {
      mounts.add(PodParts.hostToContainerWritable("driver-install-dir", context.driverRoot()));
    }
    return mounts;
  }

  private static Volume configMapVolume(String volume, String configMap, Integer mode) {
    return new VolumeBuilder()
        .withName(volume)
        .withNewConfigMap()
        .withName(configMap)
        .withDefaultMode(mode)
        .endConfigMap()
        .build();
  }
}
