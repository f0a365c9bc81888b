package dev.gpudra.operator.labels;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NodeLabelRulesTest {
  private static final String PCI = "feature.node.kubernetes.io/pci-10de.present";
  private static final Set<String> CONTAINER =
      Set.of(
          "driver",
          "gpu-feature-discovery",
          "container-toolkit",
          "dcgm",
          "dcgm-exporter",
          "node-status-exporter",
          "operator-validator",
          "client");

  private static ClusterPolicySpec spec(String yaml) throws IOException {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class);
  }

  private static final NodeLabelRules NVIDIA_DEFAULTS;

  static {
    try {
      NVIDIA_DEFAULTS =
          new NodeLabelRules(spec("migManager:\n  config:\n    default: all-disabled\n"));
    } catch (IOException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static Set<String> deployed(Map<String, String> labels) {
    return labels.keySet().stream()
        .filter(LabelKeys::isDeploy)
        .map(k -> k.substring("nvidia.com/gpu.deploy.".length()))
        .collect(Collectors.toSet());
  }

  private static Map<String, String> after(
      NodeLabelRules rules, Map<String, String> labels, NodeStack stack) {
    return rules.changes(labels, stack).applyTo(labels);
  }

  private static Set<String> plus(Set<String> base, String... more) {
    Set<String> all = new java.util.HashSet<>(base);
    all.addAll(Set.of(more));
    return all;
  }

  @Test
  @DisplayName("a node with an NVIDIA PCI device becomes a GPU node with the container operands")
  void aNodeWithAnNvidiaPciDeviceBecomesAGpuNodeWithTheContainerOperands() {
    Map<String, String> labels =
        after(NVIDIA_DEFAULTS, Map.of(PCI, "true"), NodeStack.DEVICE_PLUGIN);

    assertThat(labels).containsEntry(LabelKeys.GPU_PRESENT, "true");
    assertThat(deployed(labels)).isEqualTo(plus(CONTAINER, "device-plugin"));
    assertThat(labels).doesNotContainKey(LabelKeys.MIG_CONFIG);
  }

  @Test
  @DisplayName("the stack label chooses the device plugin, the DRA driver or neither")
  void theStackChoosesTheDevicePluginOrTheDraDriverOrNeither() {
    Map<String, String> plugin =
        after(NVIDIA_DEFAULTS, Map.of(PCI, "true"), NodeStack.DEVICE_PLUGIN);

    Map<String, String> moving = after(NVIDIA_DEFAULTS, plugin, NodeStack.NONE);
    Map<String, String> dra = after(NVIDIA_DEFAULTS, moving, NodeStack.DRA);

    assertThat(deployed(moving)).isEqualTo(CONTAINER);
    assertThat(deployed(dra))
        .as("NVIDIA's DRA validator beside the operator validator, which writes the ready files")
        .isEqualTo(plus(CONTAINER, "dra-driver", "dra-validator"));
    assertThat(NVIDIA_DEFAULTS.changes(dra, NodeStack.DRA).isEmpty())
        .as("steady: no writes")
        .isTrue();
    assertThat(deployed(NVIDIA_DEFAULTS.changes(dra, NodeStack.DRA, false).applyTo(dra)))
        .as("leaving the DRA driver: its validator, which holds a claim, goes before it")
        .isEqualTo(plus(CONTAINER, "dra-driver"));
  }

  @Test
  @DisplayName(
      "a MIG-capable node gets the MIG manager, and its default layout only when it has none")
  void aMigCapableNodeGetsTheMigManagerAndItsDefaultLayoutOnlyWhenItHasNone() {
    Map<String, String> a100 = Map.of(PCI, "true", LabelKeys.GPU_PRODUCT, "NVIDIA-A100-SXM4-40GB");
    Map<String, String> chosen = new HashMap<>(a100);
    chosen.put(LabelKeys.MIG_CONFIG, "all-1g.5gb");

    assertThat(after(NVIDIA_DEFAULTS, a100, NodeStack.DEVICE_PLUGIN))
        .containsEntry("nvidia.com/gpu.deploy.mig-manager", "true")
        .containsEntry(LabelKeys.MIG_CONFIG, "all-disabled");
    assertThat(after(NVIDIA_DEFAULTS, chosen, NodeStack.DEVICE_PLUGIN))
        .containsEntry(LabelKeys.MIG_CONFIG, "all-1g.5gb");
    Map<String, String> vgpuGuest = new HashMap<>(a100);
    vgpuGuest.put(LabelKeys.VGPU_HOST_DRIVER, "550.54");
    assertThat(after(NVIDIA_DEFAULTS, vgpuGuest, NodeStack.DEVICE_PLUGIN))
        .doesNotContainKeys("nvidia.com/gpu.deploy.mig-manager", LabelKeys.MIG_CONFIG);
  }

  @Test
  @DisplayName("a paused operand keeps its label value")
  void aPausedOperandKeepsItsValue() {
    Map<String, String> labels = new HashMap<>(Map.of(PCI, "true"));
    labels.put("nvidia.com/gpu.deploy.device-plugin", "paused-for-driver-upgrade");
    labels.put("nvidia.com/gpu.deploy.driver", "pre-installed");
    labels.put("nvidia.com/gpu.deploy.dcgm", "");

    Map<String, String> after = after(NVIDIA_DEFAULTS, labels, NodeStack.DEVICE_PLUGIN);

    assertThat(after)
        .containsEntry("nvidia.com/gpu.deploy.device-plugin", "paused-for-driver-upgrade")
        .containsEntry("nvidia.com/gpu.deploy.driver", "pre-installed")
        .containsEntry("nvidia.com/gpu.deploy.dcgm", "true");
  }

  @Test
  @DisplayName("operands=false, or no GPU, takes every operand off the node")
  void operandsFalseOrNoGpuTakesEveryOperandOff() {
    Map<String, String> gpuNode =
        after(NVIDIA_DEFAULTS, Map.of(PCI, "true"), NodeStack.DEVICE_PLUGIN);
    Map<String, String> off = new HashMap<>(gpuNode);
    off.put(LabelKeys.DEPLOY_OPERANDS, "false");
    Map<String, String> gone = new HashMap<>(gpuNode);
    gone.remove(PCI);

    assertThat(deployed(after(NVIDIA_DEFAULTS, off, NodeStack.DEVICE_PLUGIN))).isEmpty();
    assertThat(after(NVIDIA_DEFAULTS, off, NodeStack.DEVICE_PLUGIN))
        .containsEntry(LabelKeys.DEPLOY_OPERANDS, "false");
    Map<String, String> noGpu = after(NVIDIA_DEFAULTS, gone, NodeStack.DEVICE_PLUGIN);
    assertThat(deployed(noGpu)).isEmpty();
    assertThat(noGpu).containsEntry(LabelKeys.GPU_PRESENT, "false");
    assertThat(
            NVIDIA_DEFAULTS.changes(Map.of("kubernetes.io/os", "linux"), NodeStack.DRA).isEmpty())
        .as("a CPU node is left alone")
        .isTrue();
  }

  @Test
  @DisplayName("sandbox workloads follow the node's workload config, else the default")
  void sandboxWorkloadsFollowTheNodesWorkloadConfigOrTheDefault() throws IOException {
    NodeLabelRules sandbox =
        new NodeLabelRules(
            spec("sandboxWorkloads:\n  enabled: true\n  defaultWorkload: vm-passthrough\n"));
    Map<String, String> vgpu = Map.of(PCI, "true", LabelKeys.WORKLOAD_CONFIG, "vm-vgpu");
    Map<String, String> unknown = Map.of(PCI, "true", LabelKeys.WORKLOAD_CONFIG, "bare-metal");

    assertThat(deployed(after(sandbox, vgpu, NodeStack.DEVICE_PLUGIN)))
        .containsExactlyInAnyOrder(
            "sandbox-device-plugin",
            "vgpu-manager",
            "vgpu-device-manager",
            "sandbox-validator",
            "cc-manager",
            "client");
    assertThat(deployed(after(sandbox, unknown, NodeStack.DEVICE_PLUGIN)))
        .containsExactlyInAnyOrder(
            "sandbox-device-plugin",
            "sandbox-validator",
            "vfio-manager",
            "kata-manager",
            "cc-manager",
            "client");
    assertThat(deployed(after(NVIDIA_DEFAULTS, vgpu, NodeStack.DEVICE_PLUGIN)))
        .as("without sandbox workloads the label is not read")
        .contains("device-plugin");
  }
}
