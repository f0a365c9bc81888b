package dev.gpudra.operator.render.nvidia.migmanager;

import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.operator.render.OperandContext;
import java.util.Optional;

/**
 * The MIG manager's ConfigMaps, resources of the state: NVIDIA's {@code default-gpu-clients} (the
 * host's systemd services that hold the GPUs and are stopped around a MIG change), its entrypoint
 * (waits for the validator's {@code driver-ready}, exports what it says of the driver, shuts host
 * GPU clients down only for a host driver, then runs the manager), and NVIDIA's {@code
 * default-mig-parted-config} (the fallback layouts, see {@link MigManagerLayouts}), its {@code
 * config.yaml} written by {@link MigManagerDefaultLayouts}.
 */
final class MigManagerConfigMaps {
  static final String DEFAULT_CLIENTS = "default-gpu-clients";

  private MigManagerConfigMaps() {}

  /** The ConfigMap of GPU clients ({@code migManager.gpuClientsConfig.name}, else NVIDIA's). */
  static String clients(OperandContext context) {
    return Optional.ofNullable(context.spec().migManager())
        .map(MigManagerSpec::gpuClientsConfig)
        .map(c -> c.name())
        .filter(n -> !n.isEmpty())
        .orElse(DEFAULT_CLIENTS);
  }
}
