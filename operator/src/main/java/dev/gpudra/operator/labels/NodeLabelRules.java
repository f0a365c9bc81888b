package dev.gpudra.operator.labels;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.MigConfigDefault;
import dev.gpudra.api.clusterpolicy.MigManagerSpec;
import dev.gpudra.api.clusterpolicy.SandboxMode;
import dev.gpudra.api.clusterpolicy.SandboxWorkloadsSpec;
import dev.gpudra.api.clusterpolicy.WorkloadConfig;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * NVIDIA's node labelling rules under one ClusterPolicy: a node with an NVIDIA PCI device (NFD's
 * labels) is a GPU node ({@code nvidia.com/gpu.present=true}, {@code false} once the device is
 * gone); a GPU node gets the deploy labels of its workload config and stack, unless {@code
 * nvidia.com/gpu.deploy.operands=false}; any other node loses them; a MIG-capable node without a
 * layout gets {@code nvidia.com/mig.config=all-disabled} when the MIG manager's default says so.
 */
public final class NodeLabelRules {
  private static final String TRUE = "true";
  private static final String ALL_DISABLED = "all-disabled";

  private final ClusterPolicySpec spec;

  public NodeLabelRules(ClusterPolicySpec spec) {
    this.spec = spec;
  }

  /**
   * What {@code labels} must become for a node whose GPU stack is {@code stack}, with the DRA
   * driver's claim-holding operands beside it.
   */
  public LabelChanges changes(Map<String, String> labels, NodeStack stack) {
    return changes(labels, stack, true);
  }

  /**
   * @param claimConsumers whether the DRA validator runs beside the DRA driver (not while the node
   *     leaves the driver: the driver must outlive their claims)
   */
  public LabelChanges changes(Map<String, String> labels, NodeStack stack, boolean claimConsumers) {
    Map<String, String> set = new HashMap<>();
    Set<String> remove = new HashSet<>();
    boolean gpus = hasNvidiaPci(labels);
    if (gpus && !TRUE.equals(labels.get(LabelKeys.GPU_PRESENT))) {
      set.put(LabelKeys.GPU_PRESENT, TRUE);
    } else if (!gpus
        && labels.containsKey(LabelKeys.GPU_PRESENT)
        && !"false".equals(labels.get(LabelKeys.GPU_PRESENT))) {
      set.put(LabelKeys.GPU_PRESENT, "false");
    }
    Set<String> wanted =
        gpus && !"false".equals(labels.get(LabelKeys.DEPLOY_OPERANDS))
            ? DeployLabels.of(
                workload(labels), sandboxMode(), stack, claimConsumers, migCapable(labels))
            : Set.of();
    for (String operand : wanted) {
      String key = LabelKeys.deploy(operand);
      if (isEmpty(labels.get(key))) {
        set.put(key, TRUE);
      }
    }
    labels.keySet().stream()
        .filter(LabelKeys::isDeploy)
        .filter(key -> wanted.stream().map(LabelKeys::deploy).noneMatch(key::equals))
        .forEach(remove::add);
    if (wanted.contains(DeployLabels.MIG_MANAGER) && needsMigDefault(labels)) {
      set.put(LabelKeys.MIG_CONFIG, ALL_DISABLED);
    }
    return new LabelChanges(set, remove);
  }

  /** Whether NFD labelled an NVIDIA PCI device on the node. */
  public static boolean hasNvidiaPci(Map<String, String> labels) {
    return LabelKeys.NFD_NVIDIA_PCI.stream().anyMatch(key -> TRUE.equals(labels.get(key)));
  }

  /** GFD's {@code mig.capable}, else a product known to partition; never on a vGPU guest. */
  static boolean migCapable(Map<String, String> labels) {
    if (labels.containsKey(LabelKeys.VGPU_HOST_DRIVER)) {
      return false;
    }
    if (TRUE.equals(labels.get(LabelKeys.MIG_CAPABLE))) {
      return true;
    }
    String product = labels.getOrDefault(LabelKeys.GPU_PRODUCT, "").toLowerCase(Locale.ROOT);
    return product.contains("h100") || product.contains("a100") || product.contains("a30");
  }

  private WorkloadConfig workload(Map<String, String> labels) {
    Optional<SandboxWorkloadsSpec> sandbox = Optional.ofNullable(spec.sandboxWorkloads());
    if (sandbox.isEmpty() || !sandbox.get().enabledOrDefault()) {
      return WorkloadConfig.CONTAINER;
    }
    WorkloadConfig fallback =
        Optional.ofNullable(sandbox.get().defaultWorkload()).orElse(WorkloadConfig.CONTAINER);
    String value = labels.get(LabelKeys.WORKLOAD_CONFIG);
    for (WorkloadConfig config : WorkloadConfig.values()) {
      if (name(config).equals(value)) {
        return config;
      }
    }
    return fallback;
  }

  private SandboxMode sandboxMode() {
    return Optional.ofNullable(spec.sandboxWorkloads())
        .map(SandboxWorkloadsSpec::mode)
        .orElse(SandboxMode.KUBEVIRT);
  }

  private boolean needsMigDefault(Map<String, String> labels) {
    MigManagerSpec manager = spec.migManager();
    return manager != null
        && manager.enabledOrDefault()
        && manager.config() != null
        && manager.config().defaultConfig() == MigConfigDefault.ALL_DISABLED
        && isEmpty(labels.get(LabelKeys.MIG_CONFIG));
  }

  private static String name(WorkloadConfig config) {
    return switch (config) {
      case CONTAINER -> "container";
      case VM_PASSTHROUGH -> "vm-passthrough";
      case VM_VGPU -> "vm-vgpu";
    };
  }

  private static boolean isEmpty(String value) {
    return value == null || value.isEmpty();
  }
}
