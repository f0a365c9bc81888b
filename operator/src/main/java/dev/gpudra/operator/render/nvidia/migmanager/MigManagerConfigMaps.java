package dev.gpudra.operator.render.nvidia.migmanager;

import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.operator.render.OperandContext;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.Map;
import java.util.Optional;

/**
 * The MIG manager's ConfigMaps: NVIDIA's {@code default-gpu-clients} (the host's systemd services
 * that hold the GPUs and are stopped around a MIG change), its entrypoint, and NVIDIA's {@code
 * default-mig-parted-config} (the fallback layouts, see {@link MigManagerLayouts}), its {@code
 * config.yaml} written by {@link MigManagerDefaultLayouts}.
 */
final class MigManagerConfigMaps {
  static final String DEFAULT_CLIENTS = "default-gpu-clients";
  static final String ENTRYPOINT = "nvidia-mig-manager-entrypoint";

  /** The services NVIDIA's {@code default-gpu-clients} lists, in its order. */
  static final String CLIENTS =
      """
      version: v1
      systemd-services:
        - nvsm.service
        - nvsm-mqtt.service
        - nvsm-core.service
        - nvsm-api-gateway.service
        - nvsm-notifier.service
        - nv_peer_mem.service
        - nvidia-dcgm.service
        - dcgm.service
        - dcgm-exporter.service
      """;

  /**
   * Waits for the validator's {@code driver-ready}, exports what it says of the driver ({@code
   * IS_HOST_DRIVER}, the driver and device roots), shuts host GPU clients down only for a host
   * driver, as NVIDIA's entrypoint, then runs the manager.
   */
  static final String ENTRYPOINT_SCRIPT =
      """
      #!/bin/bash
      while [ ! -f /run/nvidia/validations/driver-ready ]; do
        echo "waiting for the driver validation (driver-ready)"
        sleep 5
      done
      set -a
      . /run/nvidia/validations/driver-ready
      set +a
      export WITH_SHUTDOWN_HOST_GPU_CLIENTS="${IS_HOST_DRIVER}"
      echo "WITH_SHUTDOWN_HOST_GPU_CLIENTS=${WITH_SHUTDOWN_HOST_GPU_CLIENTS}"
      exec nvidia-mig-manager
      """;

  private MigManagerConfigMaps() {}

  /** The ConfigMap of GPU clients ({@code migManager.gpuClientsConfig.name}, else NVIDIA's). */
  static String clients(OperandContext context) {
    return Optional.ofNullable(context.spec().migManager())
        .map(MigManagerSpec::gpuClientsConfig)
        .map(c -> c.name())
        .filter(n -> !n.isEmpty())
        .orElse(DEFAULT_CLIENTS);
  }

  static ConfigMap defaultClients(OperandContext context) {
    return configMap(context, DEFAULT_CLIENTS, Map.of(), Map.of("clients.yaml", CLIENTS));
  }

  /** NVIDIA's {@code default-mig-parted-config}, rendered only when no other one is named. */
  static ConfigMap defaultLayouts(OperandContext context) {
    return configMap(
        context,
        MigManagerLayouts.DEFAULT_CONFIG_MAP,
        Map.of(),
        Map.of(MigManagerLayouts.KEY, MigManagerDefaultLayouts.yaml()));
  }

  static ConfigMap entrypoint(OperandContext context) {
    return configMap(
        context,
        ENTRYPOINT,
        Map.of("app", MigManager.NAME),
        Map.of("entrypoint.sh", ENTRYPOINT_SCRIPT));
  }

  private static ConfigMap configMap(
      OperandContext context, String name, Map<String, String> labels, Map<String, String> data) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(context.namespace())
        .addToLabels(labels)
        .endMetadata()
        .withData(data)
        .build();
  }
}
