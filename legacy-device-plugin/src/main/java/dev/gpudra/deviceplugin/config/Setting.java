package dev.gpudra.deviceplugin.config;

import java.util.List;

/**
 * The config fields that NVIDIA's plugin also takes as a flag and an env variable, with their
 * names; a flag overrides its env variable, which overrides the file (each only when set). GFD's
 * fields ({@code flags.gfd}, {@code useNodeFeatureAPI}) are GFD's flags, not the plugin's: the file
 * only.
 */
public enum Setting {
  MIG_STRATEGY("flags.migStrategy", Kind.TEXT, List.of("--mig-strategy"), List.of("MIG_STRATEGY")),
  FAIL_ON_INIT_ERROR(
      "flags.failOnInitError",
      Kind.BOOL,
      List.of("--fail-on-init-error"),
      List.of("FAIL_ON_INIT_ERROR")),
  MPS_ROOT("flags.mpsRoot", Kind.TEXT, List.of("--mps-root"), List.of("MPS_ROOT")),
  DRIVER_ROOT(
      "flags.nvidiaDriverRoot",
      Kind.TEXT,
      List.of("--driver-root", "--nvidia-driver-root"),
      List.of("NVIDIA_DRIVER_ROOT")),
  DEV_ROOT("flags.nvidiaDevRoot", Kind.TEXT, List.of("--dev-root"), List.of("NVIDIA_DEV_ROOT")),
  GDRCOPY(
      "flags.gdrcopyEnabled", Kind.BOOL, List.of("--gdrcopy-enabled"), List.of("GDRCOPY_ENABLED")),
  GDS("flags.gdsEnabled", Kind.BOOL, List.of("--gds-enabled"), List.of("GDS_ENABLED")),
  MOFED("flags.mofedEnabled", Kind.BOOL, List.of("--mofed-enabled"), List.of("MOFED_ENABLED")),
  DISCOVERY(
      "flags.deviceDiscoveryStrategy",
      Kind.TEXT,
      List.of("--device-discovery-strategy"),
      List.of("DEVICE_DISCOVERY_STRATEGY")),
  PASS_DEVICE_SPECS(
      "flags.plugin.passDeviceSpecs",
      Kind.BOOL,
      List.of("--pass-device-specs"),
      List.of("PASS_DEVICE_SPECS")),
  DEVICE_LIST_STRATEGY(
      "flags.plugin.deviceListStrategy",
      Kind.TEXT_LIST,
      List.of("--device-list-strategy"),
      List.of("DEVICE_LIST_STRATEGY")),
  DEVICE_ID_STRATEGY(
      "flags.plugin.deviceIDStrategy",
      Kind.TEXT,
      List.of("--device-id-strategy"),
      List.of("DEVICE_ID_STRATEGY")),
  CDI_ANNOTATION_PREFIX(
      "flags.plugin.cdiAnnotationPrefix",
      Kind.TEXT,
      List.of("--cdi-annotation-prefix"),
      List.of("CDI_ANNOTATION_PREFIX")),
  CDI_HOOK_PATH(
      "flags.plugin.nvidiaCTKPath",
      Kind.TEXT,
      List.of("--nvidia-cdi-hook-path", "--nvidia-ctk-path"),
      List.of("NVIDIA_CDI_HOOK_PATH", "NVIDIA_CTK_PATH")),
  CONTAINER_DRIVER_ROOT(
      "flags.plugin.containerDriverRoot",
      Kind.TEXT,
      List.of("--driver-root-ctr-path", "--container-driver-root"),
      List.of("DRIVER_ROOT_CTR_PATH", "CONTAINER_DRIVER_ROOT")),
  ALLOCATION_POLICY(
      "flags.plugin.sharedDevicesAllocationPolicy",
      Kind.TEXT,
      List.of("--shared-devices-allocation-policy"),
      List.of("SHARED_DEVICES_ALLOCATION_POLICY")),
  IMEX_CHANNEL_IDS(
      "imex.channelIDs", Kind.INT_LIST, List.of("--imex-channel-ids"), List.of("IMEX_CHANNEL_IDS")),
  IMEX_REQUIRED("imex.required", Kind.BOOL, List.of("--imex-required"), List.of("IMEX_REQUIRED"));

  /** How a flag's or env variable's text becomes a config value. */
  enum Kind {
    TEXT,
    /** Go's boolean spellings. */
    BOOL,
    /** A comma-separated list. */
    TEXT_LIST,
    /** A comma-separated list of integers. */
    INT_LIST
  }

  private final String path;
  private final Kind kind;
  private final List<String> flags;
  private final List<String> envs;

  Setting(String path, Kind kind, List<String> flags, List<String> envs) {
    this.path = path;
    this.kind = kind;
    this.flags = flags;
    this.envs = envs;
  }

  /** The field's dotted path in the file, e.g. {@code flags.plugin.deviceListStrategy}. */
  public String path() {
    return path;
  }

  Kind kind() {
    return kind;
  }

  /** Its flag names, the first being the one the help shows. */
  public List<String> flags() {
    return flags;
  }

  /** Its env variable names, the first winning when several are set. */
  public List<String> envs() {
    return envs;
  }
}
