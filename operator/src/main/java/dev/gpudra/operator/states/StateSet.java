package dev.gpudra.operator.states;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.util.Arrays;
import java.util.List;

/**
 * Which states a custom resource runs, in order: a ClusterPolicy all of NVIDIA's (and gpu-dra's
 * {@code state-dra-driver}, with NVIDIA's {@code state-dra-validation} for its nodes) as its spec
 * enables them; a GPUCluster NVIDIA's four ({@code state-dra-driver}, {@code state-dcgm}, {@code
 * state-dcgm-exporter}, {@code state-dra-validation}) as its DRA-only spec enables them.
 */
public enum StateSet {
  CLUSTER_POLICY(Arrays.asList(OperandState.values())),
  GPU_CLUSTER(
      List.of(
          OperandState.DRA_DRIVER,
          OperandState.DCGM,
          OperandState.DCGM_EXPORTER,
          OperandState.DRA_VALIDATION));

  private final List<OperandState> states;

  StateSet(List<OperandState> states) {
    this.states = states;
  }

  public List<OperandState> states() {
    return states;
  }

  public boolean enabled(OperandState state, ClusterPolicySpec spec) {
    return state.alwaysOn() || state.enabledBy(spec);
  }
}
