package dev.gpudra.operator.alias;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DraNodes;
import dev.gpudra.api.clusterpolicy.GpuClusterSpec;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.states.OperandState;
import dev.gpudra.operator.states.StateSet;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

class GpuClusterAliasTest {
  private static ClusterPolicySpec alias(String yaml) throws IOException {
    return GpuClusterAlias.policySpec(
        new ObjectMapper(new YAMLFactory()).readValue(yaml, GpuClusterSpec.class));
  }

  @Test
  @DisplayName("a GPUCluster is the DRA-only policy with NVIDIA's GPUCluster defaults")
  void aGpuClusterIsTheDraOnlyPolicyWithNvidiasGpuClusterDefaults() throws IOException {
    ClusterPolicySpec spec =
        alias(
            "draDriver:\n  featureGates: {MPSSupport: true}\n  computeDomains: {enabled: false}\n"
                + "hostPaths: {kubeletRootDir: /data/kubelet}\n"
                + "daemonsets: {priorityClassName: system-node-critical}\n");

    assertThat(spec.draDriver().featureGates()).containsEntry("MPSSupport", true);
    assertThat(spec.migration().draNodes()).isEqualTo(DraNodes.ALL);
    assertThat(spec.daemonsets().priorityClassName()).isEqualTo("system-node-critical");
    OperandContext context = new OperandContext("gpu-operator", spec, "gpu-dra:1");
    assertThat(context.kubeletRoot()).isEqualTo("/data/kubelet");
    assertThat(context.driverRoot()).as("a pre-installed driver").isEqualTo("/");
    assertThat(StateSet.GPU_CLUSTER.states())
        .filteredOn(s -> StateSet.GPU_CLUSTER.enabled(s, spec))
        .as("dcgm nil is off for a GPUCluster, dcgmExporter nil on; the validator always")
        .containsExactly(
            OperandState.DRA_DRIVER, OperandState.DCGM_EXPORTER, OperandState.DRA_VALIDATION);
    for (OperandState off :
        new OperandState[] {
          OperandState.DRIVER,
          OperandState.CONTAINER_TOOLKIT,
          OperandState.DEVICE_PLUGIN,
          OperandState.GPU_FEATURE_DISCOVERY,
          OperandState.MIG_MANAGER
        }) {
      assertThat(off.enabledBy(spec)).as(off.stateName()).isFalse();
    }
  }

  @Test
  @DisplayName("an explicit driver directory is where the driver's files are")
  void anExplicitDriverDirectoryIsWhereTheDriversFilesAre() throws IOException {
    ClusterPolicySpec spec =
        alias(
            "draDriver: {}\nhostPaths: {driverInstallDir: /run/nvidia/driver}\ndcgm: {enabled: true}\n");

    assertThat(new OperandContext("gpu-operator", spec, "gpu-dra:1").driverRoot())
        .isEqualTo("/run/nvidia/driver");
    assertThat(StateSet.GPU_CLUSTER.enabled(OperandState.DCGM, spec)).isTrue();
  }

  /** A GPUCluster's {@code hostPaths} and where the policy it stands for finds host and driver. */
  record PathsCase(String name, String hostPaths, String rootFs, String installDir, String driver) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<PathsCase> PATHS =
      List.of(
          new PathsCase("none given", "{}", null, null, "/"),
          new PathsCase(
              "a host root alone: a driver pre-installed under it",
              "{rootFS: /host}",
              "/host",
              null,
              "/host"),
          new PathsCase(
              "NVIDIA's sample: host root and the NVIDIADriver's directory",
              "{rootFS: /, driverInstallDir: /run/nvidia/driver}",
              "/",
              "/run/nvidia/driver",
              "/run/nvidia/driver"),
          new PathsCase(
              "a custom root and install directory",
              "{rootFS: /host, driverInstallDir: /host/run/nvidia/driver}",
              "/host",
              "/host/run/nvidia/driver",
              "/host/run/nvidia/driver"));

  @ParameterizedTest(name = "{0}")
  @FieldSource("PATHS")
  @DisplayName("hostPaths.rootFS is the policy's host root; the driver's files where they are")
  void hostRootAndDriverDirectoryAreCarriedThrough(PathsCase paths) throws IOException {
    ClusterPolicySpec spec = alias("draDriver: {}\nhostPaths: " + paths.hostPaths() + "\n");

    assertThat(spec.hostPaths().rootFs()).isEqualTo(paths.rootFs());
    assertThat(spec.hostPaths().driverInstallDir()).isEqualTo(paths.installDir());
    assertThat(new OperandContext("gpu-operator", spec, "gpu-dra:1").driverRoot())
        .isEqualTo(paths.driver());
    assertThat(OperandState.DRIVER.enabledBy(spec)).as("no driver DaemonSet of ours").isFalse();
  }
}
