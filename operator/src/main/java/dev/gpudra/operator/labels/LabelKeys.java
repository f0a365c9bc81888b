package dev.gpudra.operator.labels;

import java.util.List;

/** The node label keys NVIDIA's operator reads and writes. */
public final class LabelKeys {
  /** Whether the node has NVIDIA GPUs; every operand's node selector needs it {@code true}. */
  public static final String GPU_PRESENT = "nvidia.com/gpu.present";

  /** {@code false} takes every operand off the node. */
  public static final String DEPLOY_OPERANDS = "nvidia.com/gpu.deploy.operands";

  /** {@code container}, {@code vm-passthrough} or {@code vm-vgpu}, with sandbox workloads. */
  public static final String WORKLOAD_CONFIG = "nvidia.com/gpu.workload.config";

  /** The MIG layout the MIG manager applies. */
  public static final String MIG_CONFIG = "nvidia.com/mig.config";

  /** GFD's: the GPUs can be partitioned. */
  public static final String MIG_CAPABLE = "nvidia.com/mig.capable";

  /** GFD's: the GPU's product name. */
  public static final String GPU_PRODUCT = "nvidia.com/gpu.product";

  /** GFD's: set on vGPU guests, which are never MIG-capable. */
  public static final String VGPU_HOST_DRIVER = "nvidia.com/vgpu.host-driver-version";

  /** NFD's labels for a PCI device of vendor 10de (NVIDIA), any class, 3D and VGA. */
  public static final List<String> NFD_NVIDIA_PCI =
      List.of(
          "feature.node.kubernetes.io/pci-10de.present",
          "feature.node.kubernetes.io/pci-0302_10de.present",
          "feature.node.kubernetes.io/pci-0300_10de.present");

  private static final String DEPLOY = "nvidia.com/gpu.deploy.";

  private LabelKeys() {}

  /** {@code nvidia.com/gpu.deploy.<operand>}. */
  public static String deploy(String operand) {
    return DEPLOY + operand;
  }

  /** Whether {@code key} is an operand's deploy label (not {@code gpu.deploy.operands}). */
  public static boolean isDeploy(String key) {
    return key.startsWith(DEPLOY) && !key.equals(DEPLOY_OPERANDS);
  }
}
