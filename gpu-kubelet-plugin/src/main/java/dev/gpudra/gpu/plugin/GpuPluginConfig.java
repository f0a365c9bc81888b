package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.health.HealthSettings;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.slices.ConsumableShares;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the GPU kubelet plugin is started with; flag and environment names in brackets.
 *
 * @param nodeName the node this plugin serves (NODE_NAME)
 * @param namespace the driver's namespace (NAMESPACE)
 * @param kubeconfig a kubeconfig file; empty means in-cluster (KUBECONFIG)
 * @param cdiRoot where CDI specs are written (CDI_ROOT)
 * @param registrarDir the kubelet's plugin registration directory
 *     (KUBELET_REGISTRAR_DIRECTORY_PATH)
 * @param pluginsDir the kubelet's plugins directory (KUBELET_PLUGINS_DIRECTORY_PATH)
 * @param driverRoot where the plugin reads the NVIDIA driver (--container-driver-root,
 *     DRIVER_ROOT_CTR_PATH; the chart mounts the host's driver root at /driver-root)
 * @param hostDriverRoot where the host has that driver (--nvidia-driver-root, NVIDIA_DRIVER_ROOT):
 *     CDI specs name host paths under it
 * @param cdiHookPath the host path of nvidia-cdi-hook in CDI hooks (NVIDIA_CDI_HOOK_PATH)
 * @param featureGates (FEATURE_GATES); a gate of {@link ImplementedGates#NOT_YET} is refused
 * @param healthcheckPort gRPC health port; negative disables it (HEALTHCHECK_PORT)
 * @param httpEndpoint metrics address; empty disables it (HTTP_ENDPOINT)
 * @param metricsPath path of the metrics endpoint (METRICS_PATH)
 * @param simulatedGpus a built-in profile name or a profile file; replaces NVML (SIMULATED_GPUS)
 * @param health how NVMLDeviceHealthCheck judges XIDs (ADDITIONAL_XIDS_TO_IGNORE,
 *     HEALTH_FATAL_XIDS, HEALTH_RECOVERY_SECONDS)
 * @param imageName the driver's image, which MPS control daemons run (--image-name, IMAGE_NAME);
 *     required with MPSSupport
 * @param passthroughRoots where PassthroughSupport reads sysfs and the host (--sysfs-root,
 *     SYSFS_ROOT; --host-root, HOST_ROOT)
 * @param consumableShares how GPUs are shared through consumable capacity (--consumable-shares,
 *     CONSUMABLE_SHARES); anything but disabled needs the ConsumableShares gate, which needs it
 */
public record GpuPluginConfig(
    String nodeName,
    String namespace,
    Optional<Path> kubeconfig,
    Path cdiRoot,
    Path registrarDir,
    Path pluginsDir,
    Path driverRoot,
    Path hostDriverRoot,
    String cdiHookPath,
    FeatureGates featureGates,
    int healthcheckPort,
    Optional<InetSocketAddress> httpEndpoint,
    String metricsPath,
    Optional<String> simulatedGpus,
    HealthSettings health,
    Optional<String> imageName,
    PassthroughRoots passthroughRoots,
    ConsumableShares consumableShares) {

  public static final String DRIVER_NAME = "gpu.nvidia.com";

  /** With the health monitor's defaults. */
  public GpuPluginConfig(
      String nodeName,
      String namespace,
      Optional<Path> kubeconfig,
      Path cdiRoot,
      Path registrarDir,
      Path pluginsDir,
      Path driverRoot,
      Path hostDriverRoot,
      String cdiHookPath,
      FeatureGates featureGates,
      int healthcheckPort,
      Optional<InetSocketAddress> httpEndpoint,
      String metricsPath,
      Optional<String> simulatedGpus) {
    this(
        nodeName,
        namespace,
        kubeconfig,
        cdiRoot,
        registrarDir,
        pluginsDir,
        driverRoot,
        hostDriverRoot,
        cdiHookPath,
        featureGates,
        healthcheckPort,
        httpEndpoint,
        metricsPath,
        simulatedGpus,
        HealthSettings.defaults(),
        Optional.empty(),
        PassthroughRoots.DEFAULTS,
        ConsumableShares.DISABLED);
  }

  public GpuPluginConfig {
    requireText(nodeName, "--node-name (NODE_NAME)");
    requireText(namespace, "--namespace (NAMESPACE)");
    Objects.requireNonNull(kubeconfig, "kubeconfig");
    Objects.requireNonNull(cdiRoot, "cdiRoot");
    Objects.requireNonNull(registrarDir, "registrarDir");
    Objects.requireNonNull(pluginsDir, "pluginsDir");
    Objects.requireNonNull(driverRoot, "driverRoot");
    Objects.requireNonNull(hostDriverRoot, "hostDriverRoot");
    if (cdiHookPath == null || !cdiHookPath.startsWith("/")) {
      throw new IllegalArgumentException(
          "--nvidia-cdi-hook-path (NVIDIA_CDI_HOOK_PATH) must be an absolute path: " + cdiHookPath);
    }
    Objects.requireNonNull(featureGates, "featureGates");
    ImplementedGates.require(featureGates);
    Objects.requireNonNull(httpEndpoint, "httpEndpoint");
    Objects.requireNonNull(simulatedGpus, "simulatedGpus");
    Objects.requireNonNull(health, "health");
    if (!featureGates.enabled(FeatureGate.NVML_DEVICE_HEALTH_CHECK)
        && !health.equals(HealthSettings.defaults())) {
      throw new IllegalArgumentException(
          "--additional-xids-to-ignore, --health-fatal-xids and --health-recovery-seconds"
              + " (ADDITIONAL_XIDS_TO_IGNORE, HEALTH_FATAL_XIDS, HEALTH_RECOVERY_SECONDS) judge"
              + " the XIDs of the NVMLDeviceHealthCheck feature gate, which is off: they would be"
              + " ignored; turn the gate on or leave them unset");
    }
    Objects.requireNonNull(imageName, "imageName");
    Objects.requireNonNull(passthroughRoots, "passthroughRoots");
    Objects.requireNonNull(consumableShares, "consumableShares");
    boolean sharesGate = featureGates.enabled(FeatureGate.CONSUMABLE_SHARES);
    if (sharesGate != consumableShares.enabled()) {
      throw new IllegalArgumentException(
          sharesGate
              ? "the ConsumableShares feature gate is on, but --consumable-shares"
                  + " (CONSUMABLE_SHARES) is disabled: the gate would do nothing; set memory,"
                  + " unlimited or a number of shares"
              : "--consumable-shares (CONSUMABLE_SHARES) is "
                  + consumableShares.mode()
                  + ", but the ConsumableShares feature gate is off: it would be ignored; turn"
                  + " the gate on");
    }
    if (featureGates.enabled(FeatureGate.MPS_SUPPORT) && imageName.isEmpty()) {
      throw new IllegalArgumentException(
          "--image-name (IMAGE_NAME) is required with the MPSSupport feature gate: each MPS"
              + " control daemon runs the driver's image (the chart sets it)");
    }
    if (healthcheckPort > 65535) {
      throw new IllegalArgumentException(
          "--healthcheck-port (HEALTHCHECK_PORT) must be at most 65535: " + healthcheckPort);
    }
    if (!metricsPath.startsWith("/")) {
      throw new IllegalArgumentException("METRICS_PATH must start with /: " + metricsPath);
    }
  }

  private static void requireText(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + " is required");
    }
  }

  /** The same configuration with other health settings. */
  public GpuPluginConfig withHealth(HealthSettings value) {
    return new GpuPluginConfig(
        nodeName,
        namespace,
        kubeconfig,
        cdiRoot,
        registrarDir,
        pluginsDir,
        driverRoot,
        hostDriverRoot,
        cdiHookPath,
        featureGates,
        healthcheckPort,
        httpEndpoint,
        metricsPath,
        simulatedGpus,
        value,
        imageName,
        passthroughRoots,
        consumableShares);
  }

  /** The same configuration with the image MPS control daemons run. */
  public GpuPluginConfig withImageName(String value) {
    return new GpuPluginConfig(
        nodeName,
        namespace,
        kubeconfig,
        cdiRoot,
        registrarDir,
        pluginsDir,
        driverRoot,
        hostDriverRoot,
        cdiHookPath,
        featureGates,
        healthcheckPort,
        httpEndpoint,
        metricsPath,
        simulatedGpus,
        health,
        Optional.of(value),
        passthroughRoots,
        consumableShares);
  }

  /** The same configuration with other passthrough roots. */
  public GpuPluginConfig withPassthroughRoots(PassthroughRoots value) {
    return new GpuPluginConfig(
        nodeName,
        namespace,
        kubeconfig,
        cdiRoot,
        registrarDir,
        pluginsDir,
        driverRoot,
        hostDriverRoot,
        cdiHookPath,
        featureGates,
        healthcheckPort,
        httpEndpoint,
        metricsPath,
        simulatedGpus,
        health,
        imageName,
        value,
        consumableShares);
  }

  /** The same configuration with another consumable-shares mode. */
  public GpuPluginConfig withConsumableShares(ConsumableShares value) {
    return new GpuPluginConfig(
        nodeName,
        namespace,
        kubeconfig,
        cdiRoot,
        registrarDir,
        pluginsDir,
        driverRoot,
        hostDriverRoot,
        cdiHookPath,
        featureGates,
        healthcheckPort,
        httpEndpoint,
        metricsPath,
        simulatedGpus,
        health,
        imageName,
        passthroughRoots,
        value);
  }

  /** {@code <plugins>/gpu.nvidia.com}: sockets, checkpoint and locks live here. */
  public Path dataDir() {
    return pluginsDir.resolve(DRIVER_NAME);
  }

  /**
   * Parses {@code HTTP_ENDPOINT}: {@code :8080}, {@code host:8080}, or empty for disabled.
   *
   * @throws IllegalArgumentException naming the variable when the value is malformed
   */
  public static Optional<InetSocketAddress> parseEndpoint(String value) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    int colon = value.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "--http-endpoint (HTTP_ENDPOINT) must be [host]:port: " + value);
    }
    String host = value.substring(0, colon);
    try {
      int port = Integer.parseInt(value.substring(colon + 1));
      return Optional.of(
          host.isEmpty() ? new InetSocketAddress(port) : new InetSocketAddress(host, port));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--http-endpoint (HTTP_ENDPOINT) must be [host]:port: " + value, e);
    }
  }
}
