package dev.gpudra.operator.render.nvidia;

import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.api.clusterpolicy.MigPartedConfigSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.StateRefusedException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.Map;
import java.util.Optional;

/**
 * The MIG manager's ConfigMaps: NVIDIA's {@code default-gpu-clients} (the host's systemd services
 * that hold the GPUs and are stopped around a MIG change), its entrypoint, and the choice of the
 * layouts' ConfigMap. NVIDIA's {@code default-mig-parted-config} is not rendered: its layouts are
 * filtered by the PCI device IDs of every MIG-capable GPU NVIDIA supports, which gpu-dra's facts do
 * not hold, and generating them per node needs the node's GPUs, which a rendered state does not
 * see; a policy that relies on it is refused, naming the field to set.
 */
final class MigManagerConfigMaps {
  /** NVIDIA's shipped layouts, which gpu-dra's operator does not render. */
  static final String DEFAULT_LAYOUTS = "default-mig-parted-config";

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

  /**
   * The ConfigMap of MIG layouts the manager reads ({@code migManager.config.name}).
   *
   * @throws StateRefusedException when it is empty or names NVIDIA's {@code
   *     default-mig-parted-config}
   */
  static String layouts(OperandContext context) {
    String name =
        Optional.ofNullable(context.spec().migManager())
            .map(MigManagerSpec::config)
            .map(MigPartedConfigSpec::name)
            .filter(n -> !n.isEmpty())
            .orElse(DEFAULT_LAYOUTS);
    if (name.equals(DEFAULT_LAYOUTS)) {
      throw new StateRefusedException(
          "spec.migManager.config.name: NVIDIA's "
              + DEFAULT_LAYOUTS
              + " (its MIG layouts for every MIG-capable GPU) is not shipped by gpu-dra's"
              + " operator; create a ConfigMap in namespace "
              + context.namespace()
              + " with your mig-parted layouts (version: v1, mig-configs) under the key"
              + " config.yaml and name it in spec.migManager.config.name");
    }
    return name;
  }

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
