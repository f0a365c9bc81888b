package dev.gpudra.cli;

import picocli.CommandLine.Option;

/**
 * The GPU kubelet plugin's flags besides the common ones, each defaulting to the environment
 * variable NVIDIA's driver reads, so the same DaemonSet manifests and Helm values work.
 */
final class PluginOptions extends KubeletPluginOptions {
  @Option(
      names = "--image-name",
      defaultValue = "${env:IMAGE_NAME:-}",
      description =
          "The driver's image, which each MPS control daemon runs; required with MPSSupport"
              + " (IMAGE_NAME).")
  String imageName;

  @Option(
      names = "--consumable-shares",
      defaultValue = "${env:CONSUMABLE_SHARES:-disabled}",
      description =
          "Share GPUs through consumable capacity (ConsumableShares gate): disabled, memory,"
              + " unlimited or a positive number of shares (CONSUMABLE_SHARES).")
  String consumableShares;

  @Option(
      names = "--sysfs-root",
      defaultValue = "${env:SYSFS_ROOT:-/sys}",
      description =
          "Where PassthroughSupport reads and writes PCI devices and IOMMU groups (SYSFS_ROOT).")
  String sysfsRoot;

  @Option(
      names = "--host-root",
      defaultValue = "${env:HOST_ROOT:-/host-root}",
      description =
          "The host's root as mounted in the container, for PassthroughSupport's /dev/iommu and"
              + " pci.ids (HOST_ROOT).")
  String hostRoot;

  @Option(
      names = "--additional-xids-to-ignore",
      defaultValue = "${env:ADDITIONAL_XIDS_TO_IGNORE:-}",
      description =
          "Comma-separated XIDs to treat as application errors (a None taint), besides NVIDIA's"
              + " 13, 31, 43, 45, 68, 109 (ADDITIONAL_XIDS_TO_IGNORE).")
  String additionalXidsToIgnore;

  @Option(
      names = "--health-fatal-xids",
      defaultValue = "${env:HEALTH_FATAL_XIDS:-}",
      description =
          "Comma-separated XIDs whose taint stays until the plugin restarts; empty: 48, 62, 63,"
              + " 64, 74, 79, 92, 94, 95, 119, 120, 140 (HEALTH_FATAL_XIDS).")
  String healthFatalXids;

  @Option(
      names = "--health-recovery-seconds",
      defaultValue = "${env:HEALTH_RECOVERY_SECONDS:-600}",
      description =
          "How long a device must stay free of XIDs before the taint of a transient XID is"
              + " removed; 0 keeps every taint until a restart, as NVIDIA's plugin does"
              + " (HEALTH_RECOVERY_SECONDS).")
  long healthRecoverySeconds;
}
