package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DevicePluginSpec;
import dev.gpudra.api.clusterpolicy.MigStrategy;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
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

  private static final String CONFIGS = "/available-configs";

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
            .withContainers(container)
            .withVolumes(volumes(context, plugin))
            .build();
    plugin
        .map(DevicePluginSpec::imagePullSecrets)
        .ifPresent(names -> pod.setImagePullSecrets(secrets(names)));
    return DaemonSetShape.of(context, NAME, "device-plugin", Map.of(), pod);
  }

  private static List<EnvVar> env(OperandContext context, Optional<DevicePluginSpec> plugin) {
    ClusterPolicySpec spec = context.spec();
    List<EnvVar> env = new ArrayList<>();
    env.add(fieldRef("NODE_NAME", "spec.nodeName"));
    add(env, "NVIDIA_VISIBLE_DEVICES", "void");
    add(env, "NVIDIA_DRIVER_ROOT", context.driverRoot());
    add(env, "CONTAINER_DRIVER_ROOT", "/driver-root");
    add(env, "KUBELET_SOCKET", context.kubeletRoot() + "/device-plugins/kubelet.sock");
    add(env, "PASS_DEVICE_SPECS", "true");
    add(env, "FAIL_ON_INIT_ERROR", "true");
    add(env, "DEVICE_ID_STRATEGY", "uuid");
    boolean cdi = spec.cdi() == null || spec.cdi().enabledOrDefault();
    add(env, "DEVICE_LIST_STRATEGY", cdi ? "cdi-annotations,cdi-cri" : "envvar");
    if (cdi) {
      add(env, "CDI_ANNOTATION_PREFIX", "cdi.k8s.io/");
    }
    Optional.ofNullable(spec.mig())
        .map(m -> m.strategy())
        .ifPresent(s -> add(env, "MIG_STRATEGY", name(s)));
    add(env, "MPS_ROOT", mpsRoot(plugin));
    plugin
        .map(DevicePluginSpec::config)
        .filter(c -> c.name() != null && !c.name().isEmpty())
        .ifPresent(c -> {
          add(env, "CONFIG_FILE_SRCDIR", CONFIGS);
          add(env, "DEFAULT_CONFIG", c.defaultConfig() == null ? "" : c.defaultConfig());
          add(env, "FALLBACK_STRATEGIES", "empty");
        });
    if (spec.gds() != null && spec.gds().enabledOrDefault()) {
      add(env, "GDS_ENABLED", "true");
      add(env, "MOFED_ENABLED", "true");
    }
    if (spec.gdrcopy() != null && spec.gdrcopy().enabledOrDefault()) {
      add(env, "GDRCOPY_ENABLED", "true");
    }
    return env;
  }

  private static List<VolumeMount> mounts(
      OperandContext context, Optional<DevicePluginSpec> plugin) {
    List<VolumeMount> mounts = new ArrayList<>();
    mounts.add(mount("device-plugins", context.kubeletRoot() + "/device-plugins"));
    mounts.add(mount("cdi", "/var/run/cdi"));
    mounts.add(
        new VolumeMountBuilder()
            .withName("driver-root")
            .withMountPath("/driver-root")
            .withReadOnly(true)
            .withMountPropagation("HostToContainer")
            .build());
    mounts.add(mount("mps-root", "/mps"));
    if (configMap(plugin).isPresent()) {
      mounts.add(mount("configs", CONFIGS));
    }
    return mounts;
  }

  private static List<Volume> volumes(OperandContext context, Optional<DevicePluginSpec> plugin) {
    List<Volume> volumes = new ArrayList<>();
    volumes.add(hostPath("device-plugins", context.kubeletRoot() + "/device-plugins", null));
    volumes.add(hostPath("cdi", "/var/run/cdi", "DirectoryOrCreate"));
    volumes.add(hostPath("driver-root", context.driverRoot(), null));
    volumes.add(hostPath("mps-root", mpsRoot(plugin), "DirectoryOrCreate"));
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

  private static List<LocalObjectReference> secrets(List<String> names) {
    return names.stream().map(LocalObjectReference::new).toList();
  }

  private static Optional<String> configMap(Optional<DevicePluginSpec> plugin) {
    return plugin.map(DevicePluginSpec::config).map(c -> c.name()).filter(n -> !n.isEmpty());
  }

  private static String mpsRoot(Optional<DevicePluginSpec> plugin) {
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

  private static void add(List<EnvVar> env, String name, String value) {
    env.add(new EnvVarBuilder().withName(name).withValue(value).build());
  }

  private static EnvVar fieldRef(String name, String path) {
    return new EnvVarBuilder()
        .withName(name)
        .withNewValueFrom()
        .withNewFieldRef()
        .withFieldPath(path)
        .endFieldRef()
        .endValueFrom()
        .build();
  }

  private static VolumeMount mount(String name, String path) {
    return new VolumeMountBuilder().withName(name).withMountPath(path).build();
  }

  private static Volume hostPath(String name, String path, String type) {
    return new VolumeBuilder()
        .withName(name)
        .withNewHostPath()
        .withPath(path)
        .withType(type)
        .endHostPath()
        .build();
  }
}
