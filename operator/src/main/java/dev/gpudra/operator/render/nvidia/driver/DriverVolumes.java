package dev.gpudra.operator.render.nvidia.driver;

import dev.gpudra.api.clusterpolicy.DriverLicensingConfigSpec;
import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.operator.render.nvidia.component.PodEdits;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The driver pod's volumes (the base DaemonSet's, two host paths filled here), and the vGPU files
 * NVIDIA mounts into the driver container by known keys: {@code licensingConfig} ({@code
 * gridd.conf} at {@code /drivers/gridd.conf}, plus {@code client_configuration_token.tok} under
 * {@code /drivers/ClientConfigToken/} with {@code nlsEnabled}; from the Secret {@code secretName},
 * else the deprecated ConfigMap {@code configMapName}) and {@code virtualTopology.config} ({@code
 * nvidia-topologyd.conf} at {@code /etc/nvidia/nvidia-topologyd.conf}).
 *
 * @param driver the policy's {@code driver} block
 * @param hostRoot {@code hostPaths.rootFS}, {@code /} when unset
 */
record DriverVolumes(DriverSpec driver, String hostRoot) {
  static final String GRIDD = "gridd.conf";
  static final String NLS_TOKEN = "client_configuration_token.tok";
  static final String TOPOLOGY = "nvidia-topologyd.conf";

  /**
   * Fills the base pod's volumes: the MOFED sources (the host's {@code /usr/src} with {@code
   * rdma.useHostMofed}), the host root, then the licensing and topology files' volumes.
   */
  void fill(PodSpec pod) {
    boolean hostMofed =
        DriverContainers.rdmaEnabled(driver.rdma())
            && Boolean.TRUE.equals(driver.rdma().useHostMofed());
    PodEdits.hostPath(
        pod, "mlnx-ofed-usr-src", hostMofed ? "/usr/src" : "/run/mellanox/drivers/usr/src");
    PodEdits.hostPath(pod, "host-root", hostRoot);
    licensing().ifPresent(pod.getVolumes()::add);
    topology()
        .ifPresent(name -> pod.getVolumes().add(configMapItems("topology-config", name, TOPOLOGY)));
  }

  /** The driver container's mounts of the licensing and topology files. */
  List<VolumeMount> mounts() {
    List<VolumeMount> mounts = new ArrayList<>();
    if (licensing().isPresent()) {
      mounts.add(file("licensing-config", "/drivers/" + GRIDD, GRIDD));
      if (nls()) {
        mounts.add(file("licensing-config", "/drivers/ClientConfigToken/" + NLS_TOKEN, NLS_TOKEN));
      }
    }
    if (topology().isPresent()) {
      mounts.add(file("topology-config", "/etc/nvidia/" + TOPOLOGY, TOPOLOGY));
    }
    return mounts;
  }

  /** Licensing is on when a Secret or a ConfigMap is named; the Secret wins. */
  private Optional<Volume> licensing() {
    DriverLicensingConfigSpec config = driver.licensingConfig();
    if (config == null) {
      return Optional.empty();
    }
    List<String> keys = nls() ? List.of(GRIDD, NLS_TOKEN) : List.of(GRIDD);
    List<KeyToPath> items = keys.stream().map(k -> new KeyToPath(k, null, k)).toList();
    if (config.secretName() != null && !config.secretName().isEmpty()) {
      return Optional.of(
          new VolumeBuilder()
              .withName("licensing-config")
              .withNewSecret()
              .withSecretName(config.secretName())
              .withItems(items)
              .endSecret()
              .build());
    }
    if (config.configMapName() != null && !config.configMapName().isEmpty()) {
      return Optional.of(
          configMapItems("licensing-config", config.configMapName(), keys.toArray(String[]::new)));
    }
    return Optional.empty();
  }

  private boolean nls() {
    return driver.licensingConfig() != null
        && Boolean.TRUE.equals(driver.licensingConfig().nlsEnabled());
  }

  private Optional<String> topology() {
    return Optional.ofNullable(driver.virtualTopology())
        .map(t -> t.config())
        .filter(name -> !name.isEmpty());
  }

  private static Volume configMapItems(String volume, String configMap, String... keys) {
    return new VolumeBuilder()
        .withName(volume)
        .withNewConfigMap()
        .withName(configMap)
        .withItems(List.of(keys).stream().map(k -> new KeyToPath(k, null, k)).toList())
        .endConfigMap()
        .build();
  }

  private static VolumeMount file(String volume, String path, String key) {
    return new VolumeMountBuilder()
        .withName(volume)
        .withMountPath(path)
        .withSubPath(key)
        .withReadOnly(true)
        .build();
  }
}
