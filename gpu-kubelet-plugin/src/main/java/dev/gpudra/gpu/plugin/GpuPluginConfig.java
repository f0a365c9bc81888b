package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.metrics.MetricsServer;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.SystemInfo;
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
 * @param gated the settings that only feature gates give meaning to, checked against them
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
    GateSettings gated) {

  public static final String DRIVER_NAME = "gpu.nvidia.com";

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
    Objects.requireNonNull(gated, "gated");
    gated.check(featureGates);
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

  /** The same configuration with other gate settings. */
  public GpuPluginConfig withGated(GateSettings value) {
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
        value);
  }

  public GpuPluginConfig withHealth(HealthSettings value) {
    return withGated(gated.withHealth(value));
  }

  public GpuPluginConfig withImageName(String value) {
    return withGated(gated.withImageName(value));
  }

  public GpuPluginConfig withPassthroughRoots(PassthroughRoots value) {
    return withGated(gated.withPassthroughRoots(value));
  }

  public GpuPluginConfig withConsumableShares(ConsumableShares value) {
    return withGated(gated.withConsumableShares(value));
  }

  public HealthSettings health() {
    return gated.health();
  }

  public Optional<String> imageName() {
    return gated.imageName();
  }

  public PassthroughRoots passthroughRoots() {
    return gated.passthroughRoots();
  }

  /** How this plugin's devices are published: consumable shares, list-valued attributes. */
  public DeviceModel deviceModel(SystemInfo system) {
    return new DeviceModel(
        system, consumableShares(), featureGates().enabled(FeatureGate.DRA_LIST_TYPE_ATTRIBUTES));
  }

  public ConsumableShares consumableShares() {
    return gated.consumableShares();
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
    return MetricsServer.parseEndpoint(value);
  }
}
