package dev.gpudra.api.featuregates;

import java.util.Arrays;
import java.util.Optional;

/** Every gate the GPU stack understands, with its key, default and maturity. */
public enum FeatureGate {
  TIME_SLICING_SETTINGS("TimeSlicingSettings", false, Stage.ALPHA),
  MPS_SUPPORT("MPSSupport", false, Stage.ALPHA),
  IMEX_DAEMONS_WITH_DNS_NAMES("IMEXDaemonsWithDNSNames", true, Stage.BETA),
  PASSTHROUGH_SUPPORT("PassthroughSupport", false, Stage.ALPHA),
  DYNAMIC_MIG("DynamicMIG", false, Stage.ALPHA),
  NVML_DEVICE_HEALTH_CHECK("NVMLDeviceHealthCheck", false, Stage.ALPHA),
  COMPUTE_DOMAIN_CLIQUES("ComputeDomainCliques", true, Stage.BETA),
  CRASH_ON_NVLINK_FABRIC_ERRORS("CrashOnNVLinkFabricErrors", true, Stage.BETA),
  /**
   * KEP-5304 device metadata: a JSON file per prepared request, mounted into its containers, for
   * every device type (NVIDIA's: passthrough devices only, and only with PassthroughSupport).
   */
  DEVICE_METADATA("DeviceMetadata", false, Stage.ALPHA),
  /**
   * Publish GPUs with {@code allowMultipleAllocations} and consumable capacity (Kubernetes
   * DRAConsumableCapacity), as NVIDIA's plugin after 0.5 with {@code --consumable-shares}.
   */
  CONSUMABLE_SHARES("ConsumableShares", false, Stage.ALPHA),
  /**
   * KEP-4817: the plugins write each prepared device's {@code status.devices} entry in its claim
   * (data and a {@code Ready} condition that follows the device's health). Not in NVIDIA's plugin.
   */
  CLAIM_DEVICE_STATUS("ClaimDeviceStatus", false, Stage.ALPHA),
  /**
   * KEP-5007: the compute-domain plugin publishes its channel with binding conditions and the
   * ComputeDomain controller sets them once the node's IMEX daemon is ready, so that kube-scheduler
   * binds a channel's pod only then (instead of the kubelet's prepare retrying). Not in NVIDIA's.
   */
  COMPUTE_DOMAIN_BINDING_CONDITIONS("ComputeDomainBindingConditions", false, Stage.ALPHA),
  /**
   * Kubernetes 1.37 compatibility groups: with DynamicMIG and PassthroughSupport both on, each GPU
   * is published as MIG devices, a whole GPU and a passthrough GPU on one counter set, their groups
   * ({@code nvidia}, {@code vfio-pci}) telling the scheduler which may go together. NVIDIA's plugin
   * refuses the two modes together instead.
   */
  DEVICE_COMPATIBILITY_GROUPS("DeviceCompatibilityGroups", false, Stage.ALPHA),
  /**
   * List-valued device attributes, as NVIDIA's (since 0.4): {@code resource.kubernetes.io/numaNode}
   * as a one-element {@code ints} list. kube-apiserver needs its gate of the same name (alpha in
   * Kubernetes 1.36); where it drops lists, the plugin publishes the scalar and says so.
   */
  DRA_LIST_TYPE_ATTRIBUTES("DRAListTypeAttributes", false, Stage.ALPHA),
  /**
   * NVIDIA's (0.5): {@code --imex-mode hostManaged} may be chosen, where the admin runs {@code
   * nvidia-imex} on each host and the driver only hands out channels.
   */
  HOST_MANAGED_IMEX_DAEMON("HostManagedIMEXDaemon", false, Stage.ALPHA),
  /** Accepted for compatibility with the Kubernetes logging gates; always on. */
  CONTEXTUAL_LOGGING("ContextualLogging", true, Stage.BETA),
  LOGGING_ALPHA_OPTIONS("LoggingAlphaOptions", false, Stage.ALPHA),
  LOGGING_BETA_OPTIONS("LoggingBetaOptions", true, Stage.BETA);

  /** Maturity; {@code AllAlpha} / {@code AllBeta} switch every gate of a stage. */
  public enum Stage {
    ALPHA,
    BETA
  }

  private final String key;
  private final boolean enabledByDefault;
  private final Stage stage;

  FeatureGate(String key, boolean enabledByDefault, Stage stage) {
    this.key = key;
    this.enabledByDefault = enabledByDefault;
    this.stage = stage;
  }

  /** The name used on the command line, e.g. {@code TimeSlicingSettings}. */
  public String key() {
    return key;
  }

  public boolean enabledByDefault() {
    return enabledByDefault;
  }

  public Stage stage() {
    return stage;
  }

  /** Looks a gate up by its exact (case-sensitive) key. */
  public static Optional<FeatureGate> byKey(String key) {
    return Arrays.stream(values()).filter(g -> g.key.equals(key)).findFirst();
  }
}
