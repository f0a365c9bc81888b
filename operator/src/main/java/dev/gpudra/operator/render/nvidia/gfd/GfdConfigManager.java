package dev.gpudra.operator.render.nvidia.gfd;

import dev.gpudra.api.clusterpolicy.DevicePluginConfig;
import dev.gpudra.api.clusterpolicy.DevicePluginSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.PodParts;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.util.List;
import java.util.Optional;

/**
 * The device plugin's named configs ({@code devicePlugin.config.name}) given to a pod of NVIDIA's
 * as NVIDIA's operator gives them to GPU feature discovery: the ConfigMap mounted at {@code
 * /available-configs}, an emptyDir {@code config} at {@code /config}; the init container {@code
 * config-manager-init} links the node's config (label {@code nvidia.com/device-plugin.config}, else
 * {@code config.default}, else an empty config) to {@code /config/config.yaml} once, the sidecar
 * {@code config-manager} follows the label and sends SIGHUP to the main process; the main container
 * reads {@code CONFIG_FILE}; the pod shares its process namespace. The config manager is NVIDIA's
 * device plugin image ({@code devicePlugin}, else {@code DEVICE_PLUGIN_IMAGE}).
 */
final class GfdConfigManager {
  static final String NODE_LABEL = "nvidia.com/device-plugin.config";
  static final String SOURCE_DIR = "/available-configs";
  static final String CONFIG_FILE = "/config/config.yaml";

  private GfdConfigManager() {}

  /** The ConfigMap {@code devicePlugin.config.name}; empty when none is named. */
  static Optional<DevicePluginConfig> config(OperandContext context) {
    return Optional.ofNullable(context.spec().devicePlugin())
        .map(DevicePluginSpec::config)
        .filter(c -> c.name() != null && !c.name().isEmpty());
  }

  /**
   * Adds the config containers and volumes to a complete pod, before the component's settings are
   * applied (its resources reach the sidecar, as NVIDIA's); {@link #finish} then sets what NVIDIA
   * sets after them.
   *
   * @param main the main container's name, also the process the sidecar signals
   */
  static void applyTo(OperandContext context, DevicePluginConfig config, PodSpec pod, String main) {
    DevicePluginSpec plugin = context.spec().devicePlugin();
    String image = context.nvidiaImage(plugin, "devicePlugin", "DEVICE_PLUGIN_IMAGE");
    Container mainContainer = GfdEnv.container(pod, main);
    mainContainer.getVolumeMounts().addAll(mounts(config));
    pod.getInitContainers().add(container(config, image, null));
    pod.getContainers().add(container(config, image, main));
    if (!Boolean.TRUE.equals(pod.getHostPID())) {
      pod.setShareProcessNamespace(true);
    }
    pod.getVolumes()
        .add(
            new VolumeBuilder()
                .withName(config.name())
                .withNewConfigMap()
                .withName(config.name())
                .endConfigMap()
                .build());
    pod.getVolumes()
        .add(new VolumeBuilder().withName("config").withNewEmptyDir().endEmptyDir().build());
  }

  /**
   * After the component's settings: the main container's {@code CONFIG_FILE} (over the component's
   * {@code env}) and the config containers' pull policy, {@code devicePlugin.imagePullPolicy} where
   * it is set.
   */
  static void finish(OperandContext context, PodSpec pod, String main) {
    GfdEnv.set(GfdEnv.container(pod, main), "CONFIG_FILE", CONFIG_FILE);
    String policy = context.spec().devicePlugin().imagePullPolicy();
    if (policy == null || policy.isEmpty()) {
      return;
    }
    String effective = List.of("Always", "Never").contains(policy) ? policy : "IfNotPresent";
    for (Container c : pod.getInitContainers()) {
      if (c.getName().startsWith("config-manager")) {
        c.setImagePullPolicy(effective);
      }
    }
    for (Container c : pod.getContainers()) {
      if (c.getName().startsWith("config-manager")) {
        c.setImagePullPolicy(effective);
      }
    }
  }

  /**
   * @param signalled the process the sidecar signals; null for the one-shot init container
   */
  private static Container container(DevicePluginConfig config, String image, String signalled) {
    boolean sidecar = signalled != null;
    ContainerBuilder builder =
        new ContainerBuilder()
            .withName(sidecar ? "config-manager" : "config-manager-init")
            .withImage(image)
            .withCommand("config-manager")
            .withEnv(
                PodParts.env("ONESHOT", String.valueOf(!sidecar)),
                PodParts.env("KUBECONFIG", ""),
                PodParts.fieldRef("NODE_NAME", "spec.nodeName"),
                PodParts.env("NODE_LABEL", NODE_LABEL),
                PodParts.env("CONFIG_FILE_SRCDIR", SOURCE_DIR),
                PodParts.env("CONFIG_FILE_DST", CONFIG_FILE),
                PodParts.env(
                    "DEFAULT_CONFIG", config.defaultConfig() == null ? "" : config.defaultConfig()),
                PodParts.env("SEND_SIGNAL", String.valueOf(sidecar)),
                PodParts.env("SIGNAL", sidecar ? "1" : ""),
                PodParts.env("PROCESS_TO_SIGNAL", sidecar ? signalled : ""),
                PodParts.env("FALLBACK_STRATEGIES", "empty"))
            .withVolumeMounts(mounts(config));
    if (sidecar) {
      builder.withNewSecurityContext().withPrivileged(true).endSecurityContext();
    }
    return builder.build();
  }

  private static List<VolumeMount> mounts(DevicePluginConfig config) {
    return List.of(PodParts.mount("config", "/config"), PodParts.mount(config.name(), SOURCE_DIR));
  }
}
