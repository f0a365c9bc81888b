package dev.gpudra.operator.alias;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.GpuClusterHostPathsSpec;
import dev.gpudra.api.clusterpolicy.GpuClusterSpec;
import java.util.Optional;

/**
 * NVIDIA's {@code GPUCluster} as the DRA-only ClusterPolicy it stands for: {@code draDriver} on
 * every GPU node ({@code migration.draNodes: all}, no drain), no device plugin, driver, toolkit,
 * GFD, MIG manager or node-status exporter (a GPUCluster manages none of them), {@code dcgm} off
 * unless enabled (GPUCluster's nil default), {@code dcgmExporter} as given (nil: on), its {@code
 * daemonsets} settings, host root ({@code hostPaths.rootFS}, gpu-dra's addition) and kubelet root.
 * The driver's files are at {@code hostPaths.driverInstallDir} when it is given (installed by
 * NVIDIA's NVIDIADriver resources, which NVIDIA's chart requires beside a GPUCluster: {@code
 * driver.useNvidiaDriverCRD}), else under the host's root (a pre-installed driver).
 */
public final class GpuClusterAlias {
  private static final ObjectMapper JSON = new ObjectMapper();

  private GpuClusterAlias() {}

  public static ClusterPolicySpec policySpec(GpuClusterSpec cluster) {
    ObjectNode spec = JSON.createObjectNode();
    for (String off :
        new String[] {"toolkit", "devicePlugin", "gfd", "migManager", "nodeStatusExporter"}) {
      spec.putObject(off).put("enabled", false);
    }
    ObjectNode dcgm =
        cluster.dcgm() == null ? JSON.createObjectNode() : JSON.valueToTree(cluster.dcgm());
    if (!dcgm.hasNonNull("enabled")) {
      dcgm.put("enabled", false);
    }
    spec.set("dcgm", dcgm);
    if (cluster.dcgmExporter() != null) {
      spec.set("dcgmExporter", JSON.valueToTree(cluster.dcgmExporter()));
    }
    if (cluster.daemonsets() != null) {
      spec.set("daemonsets", JSON.valueToTree(cluster.daemonsets()));
    }
    hostPaths(spec, Optional.ofNullable(cluster.hostPaths()));
    spec.set("draDriver", JSON.valueToTree(cluster.draDriver()));
    spec.putObject("migration").put("draNodes", "all");
    return JSON.convertValue(spec, ClusterPolicySpec.class);
  }

  /** {@code hostPaths} and, from where the driver's files are, {@code driver}. */
  private static void hostPaths(ObjectNode spec, Optional<GpuClusterHostPathsSpec> paths) {
    Optional<String> installDir =
        paths.map(GpuClusterHostPathsSpec::driverInstallDir).filter(d -> !d.isEmpty());
    ObjectNode driver = spec.putObject("driver").put("enabled", installDir.isPresent());
    installDir.ifPresent(dir -> driver.put("useNvidiaDriverCRD", true));
    ObjectNode hostPaths = spec.putObject("hostPaths");
    paths
        .map(GpuClusterHostPathsSpec::rootFs)
        .filter(root -> !root.isEmpty())
        .ifPresent(root -> hostPaths.put("rootFS", root));
    installDir.ifPresent(dir -> hostPaths.put("driverInstallDir", dir));
    paths
        .map(GpuClusterHostPathsSpec::kubeletRootDir)
        .ifPresent(dir -> hostPaths.put("kubeletRootDir", dir));
  }
}
