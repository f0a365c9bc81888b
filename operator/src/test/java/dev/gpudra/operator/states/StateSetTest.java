package dev.gpudra.operator.states;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StateSetTest {
  @Test
  @DisplayName("a GPUCluster refuses the ClusterPolicy's DCGM forms, naming what to set")
  void aGpuClusterRefusesTheClusterPolicysDcgmFormsNamingWhatToSet() {
    assertThat(StateSet.GPU_CLUSTER.notBuilt(OperandState.DCGM_EXPORTER))
        .get()
        .asString()
        .contains("nvidia.com/gpu.deploy.dcgm-exporter-dra", "set dcgmExporter.enabled: false");
    assertThat(StateSet.GPU_CLUSTER.notBuilt(OperandState.DCGM))
        .get()
        .asString()
        .contains("set dcgm.enabled: false");
    assertThat(StateSet.GPU_CLUSTER.notBuilt(OperandState.DRA_DRIVER)).isEmpty();
    assertThat(StateSet.CLUSTER_POLICY.notBuilt(OperandState.DCGM_EXPORTER))
        .as("a ClusterPolicy's exporter is NVIDIA's ClusterPolicy form, which is built")
        .isEmpty();
  }
}
