package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DevicePluginSpec;
import dev.gpudra.api.clusterpolicy.MigStrategy;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code state-device-plugin}: the DaemonSet {@code nvidia-device-plugin-daemonset} on the nodes
 * labelled {@code nvidia.com/gpu.deploy.device-plugin=true}, running gpu-dra's device plugin with
 * the environment NVIDIA's operator gives its own ({@code PASS_DEVICE_SPECS}, {@code
 * FAIL_ON_INIT_ERROR}, the device list and ID strategies, CDI's when {@code cdi.enabled}, {@code
 * MIG_STRATEGY}, {@code MPS_ROOT}, the named configs of {@code devicePlugin.config}), then the
 * component's own {@code env}. Its runtime variables ({@code NVIDIA_VISIBLE_DEVICES=all}, {@code
 * NVIDIA_MIG_MONITOR_DEVICES}) are not given: our plugin is privileged and reads the host's {@code
 * /dev} and the driver root itself.
 */
public final class DevicePluginDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-device-plugin-daemonset";

  static final String CONFIGS = "/available-configs";

  /**
   * The kubelet's device-plugin directory: a constant of the kubelet's device manager, whatever its
   * {@code --root-dir} ({@code hostPaths.kubeletRootDir} does not move it).
   */
  static final String DEVICE_PLUGINS = "/var/lib/kubelet/device-plugins";

  private DevicePluginDaemonSet() {}

  public static DaemonSet render(OperandContext context) {
    ClusterPolicySpec spec = context.spec();
    Optional<DevicePluginSpec> plugin = Optional.ofNullable(spec.devicePlugin());
    Container container =
        new ContainerBuilder()
            .withName("nvidia-device-plugin")
            .withImage(context.gpuDraImage())
            .withArgs("device-plugin")
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .withEnv(env(context, plugin))
            .withVolumeMounts(mounts(context, plugin))
            .build();
    plugin
        .map(p -> new ComponentSettings(p.imagePullPolicy(), p.args(), p.env(), p.resources()))
        .orElse(new ComponentSettings(null, null, null, null))
        .applyTo(container);
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(NAME)
            .withInitContainers(toolkitValidation(context, container.getImagePullPolicy()))
            .withContainers(container)
            .withVolumes(volumes(context, plugin))
            .build();
    plugin
        .map(DevicePluginSpec::imagePullSecrets)
        .ifPresent(names -> pod.setImagePullSecrets(PodParts.secrets(names)));
    if (plugin.map(DevicePluginSpec::hostNetwork).orElse(false)) {
      pod.setHostNetwork(true);
      pod.setDnsPolicy("ClusterFirstWithHostNet");
    }
    return DaemonSetShape.of(context, NAME, "device-plugin", Map.of(), pod);
  }

  /** NVIDIA's wait for the validator's {@code toolkit-ready}, from gpu-dra's image. */
  static Container toolkitValidation(OperandContext context, String pullPolicy) {
    Container wait =
        ValidationWait.initContainer(
            "toolkit-validation",
            context.gpuDraImage(),
            "toolkit-ready",
            "nvidia container stack to be setup");
    wait.setImagePullPolicy(pullPolicy);
    return wait;
  }

  static List<EnvVar> env(OperandContext context, Optional<DevicePluginSpec> plugin) {
    ClusterPolicySpec spec = context.spec();
    List<EnvVar> env = new ArrayList<>();
    env.add(PodParts.fieldRef("NODE_NAME", "spec.nodeName"));
    env.add(PodParts.env("NVIDIA_VISIBLE_DEVICES", "void"));
    env.add(PodParts.env("NVIDIA_DRIVER_ROOT", context.driverRoot()));
    env.add(PodParts.env("CONTAINER_DRIVER_ROOT", "/driver-root"));
    env.add(PodParts.env("KUBELET_SOCKET", DEVICE_PLUGINS + "/kubelet.sock"));
    env.add(PodParts.env("PASS_DEVICE_SPECS", "true"));
    env.add(PodParts.env("FAIL_ON_INIT_ERROR", "true"));
    env.add(PodParts.env("DEVICE_ID_STRATEGY", "uuid"));
    Optional<String> hook = context.cdiHookPath();
    env.add(
        PodParts.env(
            "DEVICE_LIST_STRATEGY", hook.isPresent() ? "cdi-annotations,cdi-cri" : "envvar"));
    env.add(PodParts.env("CDI_ROOT", context.cdiRoot()));
    hook.ifPresent(path -> {
      env.add(PodParts.env("CDI_ANNOTATION_PREFIX", "cdi.k8s.io/"));
      env.add(PodParts.env("NVIDIA_CDI_HOOK_PATH", path));
    });
    Optional.ofNullable(spec.mig())
        .map(m -> m.strategy())
        .ifPresent(s -> env.add(PodParts.env("MIG_STRATEGY", name(s))));
    env.add(PodParts.env("MPS_ROOT", mpsRoot(plugin)));
    plugin
        .map(DevicePluginSpec::config)
        .filter(c -> c.name() != null && !c.name().isEmpty())
        .ifPresent(c -> {
          env.add(PodParts.env("CONFIG_FILE_SRCDIR", CONFIGS));
          env.add(
              PodParts.env("DEFAULT_CONFIG", c.defaultConfig() == null ? "" : c.defaultConfig()));
          env.add(PodParts.env("FALLBACK_STRATEGIES", "empty"));
        });
    if (spec.gds() != null && spec.gds().enabledOrDefault()) {
      env.add(PodParts.env("GDS_ENABLED", "true"));
      env.add(PodParts.env("MOFED_ENABLED", "true"));
    }
    if (spec.gdrcopy() != null && spec.gdrcopy().enabledOrDefault()) {
      env.add(PodParts.env("GDRCOPY_ENABLED", "true"));
    }
    return env;
  }

  private static List<VolumeMount> mounts(
      OperandContext context, Optional<DevicePluginSpec> plugin) {
    List<VolumeMount> mounts = new ArrayList<>();
    mounts.add(PodParts.mount("device-plugins", DEVICE_PLUGINS));
    mounts.add(PodParts.mount("cdi", context.cdiRoot()));
    mounts.add(PodParts.hostToContainer("driver-root", "/driver-root"));
    mounts.add(PodParts.mount("mps-root", "/mps"));
    if (configMap(plugin).isPresent()) {
      mounts.add(PodParts.mount("configs", CONFIGS));
    }
    return mounts;
  }

  private static List<Volume> volumes(OperandContext context, Optional<DevicePluginSpec> plugin) {
    List<Volume> volumes = new ArrayList<>();
    volumes.add(ValidationWait.volume());
    volumes.add(PodParts.hostPath("device-plugins", DEVICE_PLUGINS, null));
    volumes.add(PodParts.hostPath("cdi", context.cdiRoot(), "DirectoryOrCreate"));
    volumes.add(PodParts.hostPath("driver-root", context.driverRoot(), null));
    volumes.add(PodParts.hostPath("mps-root", mpsRoot(plugin), "DirectoryOrCreate"));
    configMap(plugin)
        .ifPresent(name ->
            volumes.add(
                new VolumeBuilder()
                    .withName("configs")
                    .withNewConfigMap()
                    .withName(name)
                    .endConfigMap()
                    .build()));
    return volumes;
  }

  static Optional<String> configMap(Optional<DevicePluginSpec> plugin) {
    return plugin.map(DevicePluginSpec::config).map(c -> c.name()).filter(n -> !n.isEmpty());
  }

  static String mpsRoot(Optional<DevicePluginSpec> plugin) {
    return plugin
        .map(DevicePluginSpec::mps)
        .map(m -> m.root())
        .filter(r -> !r.isEmpty())
        .orElse("/run/nvidia/mps");
  }

  private static String name(MigStrategy strategy) {
    return switch (strategy) {
      case NONE -> "none";
      case SINGLE -> "single";
      case MIXED -> "mixed";
    };
  }
}
