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
          "Comma-separated XIDs never to treat as fatal (a None taint), whatever NVML's recovery"
              + " action says; with a driver before 565, besides NVIDIA's 13, 31, 43, 45, 68, 109"
              + " (ADDITIONAL_XIDS_TO_IGNORE).")
  String additionalXidsToIgnore;

  @Option(
      names = "--health-fatal-xids",
      defaultValue = "${env:HEALTH_FATAL_XIDS:-}",
      description =
          "Comma-separated XIDs always fatal, whatever NVML's recovery action says; their taint"
              + " stays until the plugin restarts. Empty: NVML's recovery action decides; with a"
              + " driver before 565, 48, 62, 63, 64, 74, 79, 92, 94, 95, 119, 120, 140 are fatal"
              + " (HEALTH_FATAL_XIDS).")
  String healthFatalXids;

  @Option(
      names = "--image-pull-secrets",
      defaultValue = "${env:IMAGE_PULL_SECRETS}",
      description =
          "Comma-separated pull Secrets of the MPS control daemons' pods (IMAGE_PULL_SECRETS).")
  String imagePullSecrets;

  @Option(
      names = "--image-pull-policy",
      defaultValue = "${env:IMAGE_PULL_POLICY}",
      description =
          "The MPS control daemons' image pull policy: Always, IfNotPresent (default) or Never"
              + " (IMAGE_PULL_POLICY).")
  String imagePullPolicy;

  @Option(
      names = "--service-account-name",
      defaultValue = "${env:SERVICE_ACCOUNT_NAME}",
      description =
          "The account the MPS control daemons' pods run as; default: the namespace's"
              + " (SERVICE_ACCOUNT_NAME).")
  String serviceAccountName;

  @Option(
      names = "--default-config",
      defaultValue = "${env:DEFAULT_CONFIG}",
      description =
          "NVIDIA's PerNodeGPUConfig profile; not supported: any value is refused"
              + " (DEFAULT_CONFIG).")
  String defaultConfig;

  /** NVIDIA's flags for what gpu-dra's GPU plugin does not do; a value set is refused. */
  java.util.List<UpstreamOnlyOptions.Setting> upstreamOnly() {
    return java.util.List.of(
        new UpstreamOnlyOptions.Setting(
            "--default-config (DEFAULT_CONFIG)",
            defaultConfig,
            "",
            "there are no per-node GPU config profiles (PerNodeGPUConfig)"));
  }

  @Option(
      names = "--health-recovery-seconds",
      defaultValue = "${env:HEALTH_RECOVERY_SECONDS:-600}",
      description =
          "How long a device must stay free of XIDs before the taint of a non-fatal XID is"
              + " removed; 0 keeps it until a restart, as NVIDIA's plugin does. A fatal XID's"
              + " taint goes once NVML's recovery action reads none again"
              + " (HEALTH_RECOVERY_SECONDS).")
  long healthRecoverySeconds;
}
