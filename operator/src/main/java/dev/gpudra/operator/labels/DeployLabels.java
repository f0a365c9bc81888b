package dev.gpudra.operator.labels;

import dev.gpudra.api.clusterpolicy.SandboxMode;
import dev.gpudra.api.clusterpolicy.WorkloadConfig;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The operands a GPU node runs, by NVIDIA's workload configs, with gpu-dra's stack choice for
 * container nodes: {@code device-plugin}, or {@code dra-driver} with NVIDIA's DRA validator ({@code
 * dra-validator}, as its GPUCluster labels). The operator validator runs on both: it writes the
 * {@code driver-ready}, {@code toolkit-ready} and {@code cuda-ready} files the other operands wait
 * for (with the DRA driver in the policy, without its device-plugin step).
 */
final class DeployLabels {
  static final String DEVICE_PLUGIN = "device-plugin";
  static final String DRA_DRIVER = "dra-driver";
  static final String MIG_MANAGER = "mig-manager";
  static final String OPERATOR_VALIDATOR = "operator-validator";
  static final String DRA_VALIDATOR = "dra-validator";

  private static final List<String> CONTAINER =
      List.of(
          "driver",
          "gpu-feature-discovery",
          "container-toolkit",
          "dcgm",
          "dcgm-exporter",
          "node-status-exporter",
          "client");
  private static final List<String> VM_PASSTHROUGH =
      List.of("sandbox-validator", "vfio-manager", "kata-manager", "cc-manager", "client");
  private static final List<String> VM_VGPU =
      List.of(
          "sandbox-device-plugin",
          "vgpu-manager",
          "vgpu-device-manager",
          "sandbox-validator",
          "cc-manager",
          "client");

  private DeployLabels() {}

  /**
   * The operands of a GPU node (names after {@code nvidia.com/gpu.deploy.}).
   *
   * @param claimConsumers whether the DRA driver's claim-holding operands (the DRA validator) run
   *     beside it: not on a node on its way off the driver, which must outlive their claims
   */
  static Set<String> of(
      WorkloadConfig workload,
      SandboxMode mode,
      NodeStack stack,
      boolean claimConsumers,
      boolean migCapable) {
    Set<String> operands = new LinkedHashSet<>();
    switch (workload) {
      case CONTAINER -> {
        operands.addAll(CONTAINER);
        operands.add(OPERATOR_VALIDATOR);
        switch (stack) {
          case DEVICE_PLUGIN -> operands.add(DEVICE_PLUGIN);
          case DRA -> {
            operands.add(DRA_DRIVER);
            if (claimConsumers) {
              operands.add(DRA_VALIDATOR);
            }
          }
          case NONE -> {}
        }
        if (migCapable) {
          operands.add(MIG_MANAGER);
        }
      }
      case VM_PASSTHROUGH -> {
        operands.add(
            mode == SandboxMode.KATA ? "kata-sandbox-device-plugin" : "sandbox-device-plugin");
        operands.addAll(VM_PASSTHROUGH);
      }
      case VM_VGPU -> operands.addAll(VM_VGPU);
    }
    return operands;
  }
}
