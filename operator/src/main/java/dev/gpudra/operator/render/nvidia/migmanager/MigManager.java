package dev.gpudra.operator.render.nvidia.migmanager;

import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import dev.gpudra.operator.render.nvidia.asset.OperandAssets;
import dev.gpudra.operator.render.nvidia.asset.StateAssets;
import dev.gpudra.operator.render.nvidia.component.NvidiaComponent;
import dev.gpudra.operator.render.nvidia.component.NvidiaDaemonSet;
import dev.gpudra.operator.render.nvidia.gfd.GfdEnv;
import dev.gpudra.operator.render.nvidia.gfd.GfdRuntimeClass;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;

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
 * SecurityContextConstraints rule is not rendered. The objects are the resources under {@code
 * operands/state-mig-manager/}, the policy's settings applied.
 */
public final class MigManager {
  /** NVIDIA's name of the DaemonSet, its main container and its service account. */
  public static final String NAME = "nvidia-mig-manager";

  static final String STATE = "state-mig-manager";
  static final String TOOLKIT_WAIT = "toolkit-validation";
  static final String GPU_CLIENTS = "gpu-clients";

  private MigManager() {}

  public static List<HasMetadata> objects(OperandContext context) {
    MigManagerLayouts layouts = MigManagerLayouts.of(context);
    StateAssets assets = OperandAssets.bundled().load(STATE, context.namespace());
    if (layouts.custom()) {
      assets.without(ConfigMap.class, MigManagerLayouts.DEFAULT_CONFIG_MAP);
    } else {
      assets
          .named(ConfigMap.class, MigManagerLayouts.DEFAULT_CONFIG_MAP)
          .getData()
          .put(MigManagerLayouts.KEY, MigManagerDefaultLayouts.yaml());
    }
    daemonSet(context, component(context), layouts, assets.one(DaemonSet.class));
    return assets.objects();
  }

  private static NvidiaComponent component(OperandContext context) {
    MigManagerSpec spec = context.spec().migManager();
    return NvidiaComponent.of(context, spec, "migManager", "MIG_MANAGER_IMAGE");
  }

  private static void daemonSet(
      OperandContext context,
      NvidiaComponent component,
      MigManagerLayouts layouts,
      DaemonSet daemonSet) {
    String validator =
        context.nvidiaImage(context.spec().validator(), "validator", "VALIDATOR_IMAGE");
    PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
    pod.getInitContainers().stream()
        .filter(c -> c.getName().equals(TOOLKIT_WAIT))
        .forEach(c -> c.setImage(validator));
    for (Volume volume : pod.getVolumes()) {
      switch (volume.getName()) {
        case MigManagerLayouts.VOLUME -> volume.setConfigMap(layouts.volume().getConfigMap());
        case GPU_CLIENTS -> volume.getConfigMap().setName(MigManagerConfigMaps.clients(context));
        default -> {}
      }
    }
    Container main = GfdEnv.container(pod, NAME);
    main.setEnv(env(context, layouts, main.getEnv()));
    if (!context.driverRoot().equals("/")) {
      pod.getVolumes()
          .add(PodParts.hostPath("driver-install-dir", context.driverRoot(), "DirectoryOrCreate"));
      main.getVolumeMounts()
          .add(PodParts.hostToContainerWritable("driver-install-dir", context.driverRoot()));
    }
    NvidiaDaemonSet.apply(context, component, NAME, daemonSet);
    GfdRuntimeClass.applyTo(context, daemonSet.getSpec().getTemplate(), NAME);
  }

  /**
   * The base variables with the layouts' variable after {@code POD_NAMESPACE} and, with CDI, the
   * CDI variables at the end.
   */
  static List<EnvVar> env(OperandContext context, MigManagerLayouts layouts, List<EnvVar> base) {
    List<EnvVar> env = new ArrayList<>(base);
    int namespace = env.stream().map(EnvVar::getName).toList().indexOf("POD_NAMESPACE");
    env.add(namespace + 1, layouts.env());
    var spec = context.spec();
    if (spec.cdi() == null || spec.cdi().enabledOrDefault()) {
      env.add(PodParts.env("CDI_ENABLED", "true"));
      if (OperandState.CONTAINER_TOOLKIT.enabledBy(spec)) {
        context.cdiHookPath().ifPresent(p -> env.add(PodParts.env("NVIDIA_CDI_HOOK_PATH", p)));
      }
    }
    return env;
  }
}
