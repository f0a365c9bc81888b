package dev.gpudra.operator.states;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.SandboxMode;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The GPU Operator's states, in the order it applies them, with NVIDIA's names, each with the
 * condition under which a ClusterPolicy enables it; {@code state-dra-driver} is gpu-dra's.
 */
public enum OperandState {
  PRE_REQUISITES("pre-requisites", spec -> !nriPlugin(spec)),
  OPERATOR_METRICS("state-operator-metrics", spec -> true),
  DRIVER(
      "state-driver",
      spec ->
          spec.driver() == null
              || spec.driver().enabledOrDefault()
                  && !Boolean.TRUE.equals(spec.driver().useNvidiaDriverCrd())),
  CONTAINER_TOOLKIT(
      "state-container-toolkit",
      spec -> spec.toolkit() == null || spec.toolkit().enabledOrDefault()),
  OPERATOR_VALIDATION("state-operator-validation", spec -> true),
  DEVICE_PLUGIN("state-device-plugin", OperandState::devicePlugin),
  MPS_CONTROL_DAEMON("state-mps-control-daemon", OperandState::devicePlugin),
  DRA_DRIVER("state-dra-driver", spec -> spec.draDriver() != null),
  /**
   * NVIDIA's DRA validator (its GPUCluster's), on the nodes that run the DRA driver, in place of
   * the operator validator there.
   */
  DRA_VALIDATION("state-dra-validation", spec -> spec.draDriver() != null),
  DCGM("state-dcgm", spec -> spec.dcgm() == null || spec.dcgm().enabledOrDefault()),
  DCGM_EXPORTER(
      "state-dcgm-exporter",
      spec -> spec.dcgmExporter() == null || spec.dcgmExporter().enabledOrDefault()),
  GPU_FEATURE_DISCOVERY(
      "gpu-feature-discovery", spec -> spec.gfd() == null || spec.gfd().enabledOrDefault()),
  MIG_MANAGER(
      "state-mig-manager",
      spec -> spec.migManager() == null || spec.migManager().enabledOrDefault()),
  NODE_STATUS_EXPORTER(
      "state-node-status-exporter",
      spec -> spec.nodeStatusExporter() != null && spec.nodeStatusExporter().enabledOrDefault()),
  VGPU_MANAGER(
      "state-vgpu-manager",
      spec -> sandbox(spec) && spec.vgpuManager() != null && spec.vgpuManager().enabledOrDefault()),
  VGPU_DEVICE_MANAGER(
      "state-vgpu-device-manager",
      spec ->
          sandbox(spec)
              && spec.vgpuDeviceManager() != null
              && spec.vgpuDeviceManager().enabledOrDefault()),
  SANDBOX_VALIDATION("state-sandbox-validation", OperandState::sandbox),
  VFIO_MANAGER(
      "state-vfio-manager",
      spec -> sandbox(spec) && spec.vfioManager() != null && spec.vfioManager().enabledOrDefault()),
  SANDBOX_DEVICE_PLUGIN(
      "state-sandbox-device-plugin",
      spec ->
          sandbox(spec)
              && mode(spec) == SandboxMode.KUBEVIRT
              && spec.sandboxDevicePlugin() != null
              && spec.sandboxDevicePlugin().enabledOrDefault()),
  KATA_DEVICE_PLUGIN(
      "state-kata-device-plugin",
      spec ->
          sandbox(spec)
              && mode(spec) == SandboxMode.KATA
              && spec.kataSandboxDevicePlugin() != null
              && spec.kataSandboxDevicePlugin().enabledOrDefault()),
  /** Deprecated by NVIDIA: never enabled, its settings ignored. */
  KATA_MANAGER("state-kata-manager", spec -> false),
  CC_MANAGER(
      "state-cc-manager",
      spec ->
          sandbox(spec)
              && mode(spec) == SandboxMode.KATA
              && spec.ccManager() != null
              && spec.ccManager().enabledOrDefault());

  private final String stateName;
  private final Predicate<ClusterPolicySpec> enabled;

  OperandState(String stateName, Predicate<ClusterPolicySpec> enabled) {
    this.stateName = stateName;
    this.enabled = enabled;
  }

  /** NVIDIA's name of the state (its asset directory), for status and logs. */
  public String stateName() {
    return stateName;
  }

  /**
   * Whether no policy can disable it (NVIDIA's operator metrics and validator; the DRA validator
   * runs whenever the DRA driver does).
   */
  public boolean alwaysOn() {
    return this == OPERATOR_METRICS || this == OPERATOR_VALIDATION;
  }

  /** Whether {@code spec} enables this state; a disabled state's objects are deleted. */
  public boolean enabledBy(ClusterPolicySpec spec) {
    return enabled.test(spec);
  }

  private static boolean devicePlugin(ClusterPolicySpec spec) {
    return spec.devicePlugin() == null || spec.devicePlugin().enabledOrDefault();
  }

  private static boolean sandbox(ClusterPolicySpec spec) {
    return spec.sandboxWorkloads() != null && spec.sandboxWorkloads().enabledOrDefault();
  }

  private static SandboxMode mode(ClusterPolicySpec spec) {
    return Optional.ofNullable(spec.sandboxWorkloads().mode()).orElse(SandboxMode.KUBEVIRT);
  }

  /** NVIDIA's NRI plugin needs CDI explicitly on; then no RuntimeClasses are made. */
  private static boolean nriPlugin(ClusterPolicySpec spec) {
    return spec.cdi() != null
        && Boolean.TRUE.equals(spec.cdi().enabled())
        && Boolean.TRUE.equals(spec.cdi().nriPluginEnabled());
  }
}
