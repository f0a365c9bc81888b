package dev.gpudra.localcluster.operator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * A ClusterPolicy named {@code cluster-policy} with NVIDIA's image operands off (driver and toolkit
 * pre-installed, no DCGM, GFD or MIG manager) and gpu-dra's DRA driver (ComputeDomains off) on the
 * nodes labelled {@code pool=dra}, the device plugin elsewhere; and the objects its tests and bench
 * create around it.
 */
public final class PolicyScenario {
  /** The operator's namespace. */
  public static final String NAMESPACE = "gpu-operator";

  /** NFD's label for an NVIDIA PCI device. */
  public static final String NVIDIA_PCI = "feature.node.kubernetes.io/pci-10de.present";

  /** The label that puts a node in the DRA pool. */
  public static final String POOL = "pool";

  private static final String SPEC =
      "operator: {defaultRuntime: containerd}\ndaemonsets: {}\ndriver: {enabled: false}\n"
          + "toolkit: {enabled: false}\ndevicePlugin: {enabled: true}\n"
          + "dcgm: {enabled: false}\ndcgmExporter: {enabled: false}\ngfd: {enabled: false}\n"
          + "migManager: {enabled: false}\nnodeStatusExporter: {enabled: false}\n"
          + "draDriver:\n  computeDomains: {enabled: false}\n"
          + "migration:\n  draNodes: selected\n  nodeSelector:\n    matchLabels: {pool: dra}\n";

  private PolicyScenario() {}

  public static ClusterPolicy policy() {
    try {
      ClusterPolicySpec spec =
          new ObjectMapper(new YAMLFactory()).readValue(SPEC, ClusterPolicySpec.class);
      return new ClusterPolicy(
          new ObjectMetaBuilder().withName("cluster-policy").build(), spec, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A node with an NVIDIA PCI device, in the DRA pool or not. */
  public static Node gpuNode(String name, boolean draPool) {
    // NFD's labels: NVIDIA's PCI vendor, and the OS the driver image's tag ends in
    Map<String, String> labels =
        new HashMap<>(
            Map.of(
                NVIDIA_PCI,
                "true",
                "feature.node.kubernetes.io/system-os_release.ID",
                "ubuntu",
                "feature.node.kubernetes.io/system-os_release.VERSION_ID",
                "24.04"));
    if (draPool) {
      labels.put(POOL, "dra");
    }
    return new NodeBuilder()
        .withNewMetadata()
        .withName(name)
        .withLabels(labels)
        .endMetadata()
        .build();
  }

  /** A running pod on {@code node} asking the device plugin for one GPU. */
  public static Pod gpuPod(String name, String node) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withNodeName(node)
        .addNewContainer()
        .withName("main")
        .withImage("cuda")
        .withNewResources()
        .addToLimits("nvidia.com/gpu", new Quantity("1"))
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }

  /** A pod of the DRA kubelet-plugin DaemonSet on {@code node} (its status is the test's). */
  public static Pod draPluginPod(String node) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("nvidia-dra-driver-kubelet-plugin-" + node)
        .withNamespace(NAMESPACE)
        .addToLabels("app", "nvidia-dra-driver-kubelet-plugin")
        .endMetadata()
        .withNewSpec()
        .withNodeName(node)
        .addNewContainer()
        .withName("gpus")
        .withImage("gpu-dra:test")
        .endContainer()
        .endSpec()
        .build();
  }

  /**
   * A claim in {@code namespace} allocated one device of {@code gpu.nvidia.com} on {@code node}, as
   * the scheduler leaves it; with admin access, as NVIDIA's DRA validator's. Create it, then write
   * its status: the API server drops status sent on create.
   */
  public static ResourceClaim allocatedClaim(
      String name, String namespace, String node, boolean adminAccess) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .withAdminAccess(adminAccess ? Boolean.TRUE : null)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("gpu")
        .withDriver("gpu.nvidia.com")
        .withPool(node)
        .withDevice("gpu-0")
        .withAdminAccess(adminAccess ? Boolean.TRUE : null)
        .endResult()
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }

  /** A running pod on {@code node} that holds the claim {@code claim} of its namespace. */
  public static Pod claimPod(String name, String namespace, String node, String claim) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(namespace)
        .endMetadata()
        .withNewSpec()
        .withNodeName(node)
        .addNewResourceClaim()
        .withName("gpu")
        .withResourceClaimName(claim)
        .endResourceClaim()
        .addNewContainer()
        .withName("main")
        .withImage("cuda")
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withPhase("Running")
        .endStatus()
        .build();
  }
}
