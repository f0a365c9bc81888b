package dev.gpudra.computedomain.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.computedomain.clique.CliqueIds;
import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.jna.NvmlBinding;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the compute-domain plugin reads from NVML once, at start: the driver version and the node's
 * clique ({@code <cluster UUID>.<clique ID>}, empty off a multi-node NVLink fabric).
 *
 * @param driverVersion e.g. {@code 580.95.05}
 * @param cliqueId the clique, or empty
 */
public record NodeFabric(String driverVersion, String cliqueId) {
  /** The oldest driver whose IMEX daemon re-resolves DNS names (IMEXDaemonsWithDNSNames). */
  public static final String DNS_NAMES_MIN_DRIVER = "570.158.01";

  /**
   * @throws IllegalStateException when IMEXDaemonsWithDNSNames is on and the driver is older
   * @throws dev.gpudra.computedomain.clique.CliqueException when the fabric is not usable (strict)
   */
  public static NodeFabric read(DomainPluginConfig config) {
    try (Nvml nvml = open(config)) {
      Map<String, Optional<FabricInfo>> fabric = new LinkedHashMap<>();
      for (GpuInfo gpu : nvml.gpus()) {
        fabric.put(gpu.uuid(), nvml.fabricInfo(gpu));
      }
      boolean strict = config.featureGates().enabled(FeatureGate.CRASH_ON_NVLINK_FABRIC_ERRORS);
      String version = nvml.system().driverVersion();
      if (config.featureGates().enabled(FeatureGate.IMEX_DAEMONS_WITH_DNS_NAMES)
          && !config.hostManaged()
          && compare(version, DNS_NAMES_MIN_DRIVER) < 0) {
        throw new IllegalStateException(
            "IMEXDaemonsWithDNSNames needs NVIDIA driver "
                + DNS_NAMES_MIN_DRIVER
                + " or newer; this node runs "
                + version
                + " (upgrade the driver, or turn the gate off)");
      }
      return new NodeFabric(version, new CliqueIds(strict).derive(fabric).orElse(""));
    }
  }

  private static Nvml open(DomainPluginConfig config) {
    return config.simulated()
        ? new SimulatedNvml(
            new ProfileLoader().load(config.simulatedGpus().orElseThrow()), config.nodeName())
        : NvmlBinding.open(config.driverRoot());
  }

  /** Compares dotted numeric versions part by part; a missing part counts as 0. */
  static int compare(String a, String b) {
    int[] x = parts(a);
    int[] y = parts(b);
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      int left = i < x.length ? x[i] : 0;
      int right = i < y.length ? y[i] : 0;
      if (left != right) {
        return Integer.compare(left, right);
      }
    }
    return 0;
  }

  private static int[] parts(String version) {
    return Arrays.stream(version.trim().split("\\."))
        .mapToInt(
            p -> p.chars().allMatch(Character::isDigit) && !p.isEmpty() ? Integer.parseInt(p) : 0)
        .toArray();
  }
}
