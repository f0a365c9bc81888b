package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.DevicePluginSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
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
 * {@code state-mps-control-daemon}: the DaemonSet {@code nvidia-device-plugin-mps-control-daemon}
 * on the device plugin's nodes labelled {@code nvidia.com/mps.capable=true}, running gpu-dra's MPS
 * control daemon with the device plugin's environment and configs, after an init container that
 * mounts the daemons' shared-memory tmpfs under the MPS root.
 */
public final class MpsControlDaemonSet {
  /** NVIDIA's name of the DaemonSet. */
  public static final String NAME = "nvidia-device-plugin-mps-control-daemon";

  private static final String COMMAND = "device-plugin-mps-control-daemon";

  private MpsControlDaemonSet() {}

  public static DaemonSet render(OperandContext context) {
    Optional<DevicePluginSpec> plugin = Optional.ofNullable(context.spec().devicePlugin());
    Container mounts =
        new ContainerBuilder()
            .withName("mps-control-daemon-mounts")
            .withImage(context.gpuDraImage())
            .withArgs(COMMAND, "mount-shm")
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .withVolumeMounts(
                new VolumeMountBuilder()
                    .withName("mps-root")
                    .withMountPath("/mps")
                    .withMountPropagation("Bidirectional")
                    .build())
            .build();
    Container daemon =
        new ContainerBuilder()
            .withName("mps-control-daemon-ctr")
            .withImage(context.gpuDraImage())
            .withArgs(COMMAND)
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .withEnv(
                DevicePluginDaemonSet.env(context, plugin).stream()
                    .filter(e -> !e.getName().equals("KUBELET_SOCKET"))
                    .toList())
            .withVolumeMounts(daemonMounts(plugin))
            .build();
    plugin
        .map(p -> new ComponentSettings(p.imagePullPolicy(), null, p.env(), p.resources()))
        .orElse(new ComponentSettings(null, null, null, null))
        .applyTo(daemon);
    mounts.setImagePullPolicy(daemon.getImagePullPolicy());
    PodSpec pod =
        new PodSpecBuilder()
            .withServiceAccountName(DevicePluginDaemonSet.NAME)
            .withInitContainers(
                DevicePluginDaemonSet.toolkitValidation(context, daemon.getImagePullPolicy()),
                mounts)
            .withContainers(daemon)
            .withVolumes(volumes(context, plugin))
            .withImagePullSecrets(
                PodParts.secrets(plugin.map(DevicePluginSpec::imagePullSecrets).orElse(null)))
            .build();
    if (plugin.map(DevicePluginSpec::hostNetwork).orElse(false)) {
      pod.setHostNetwork(true);
      pod.setDnsPolicy("ClusterFirstWithHostNet");
    }
    return DaemonSetShape.of(
        context, NAME, "device-plugin", Map.of("nvidia.com/mps.capable", "true"), pod);
  }

  private static List<VolumeMount> daemonMounts(Optional<DevicePluginSpec> plugin) {
    List<VolumeMount> mounts = new ArrayList<>();
    mounts.add(
        new VolumeMountBuilder()
            .withName("mps-root")
            .withMountPath("/mps")
            .withMountPropagation("HostToContainer")
            .build());
    mounts.add(
        new VolumeMountBuilder()
            .withName("mps-shm")
            .withMountPath("/dev/shm")
            .withMountPropagation("HostToContainer")
            .build());
    mounts.add(PodParts.hostToContainer("driver-root", "/driver-root"));
    if (DevicePluginDaemonSet.configMap(plugin).isPresent()) {
      mounts.add(PodParts.mount("configs", DevicePluginDaemonSet.CONFIGS));
    }
    return mounts;
  }

  private static List<Volume> volumes(OperandContext context, Optional<DevicePluginSpec> plugin) {
    String root = DevicePluginDaemonSet.mpsRoot(plugin);
    List<Volume> volumes = new ArrayList<>();
    volumes.add(ValidationWait.volume());
    volumes.add(PodParts.hostPath("mps-root", root, "DirectoryOrCreate"));
    volumes.add(PodParts.hostPath("mps-shm", root + "/shm", "DirectoryOrCreate"));
    volumes.add(PodParts.hostPath("driver-root", context.driverRoot(), null));
    DevicePluginDaemonSet.configMap(plugin)
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
}
