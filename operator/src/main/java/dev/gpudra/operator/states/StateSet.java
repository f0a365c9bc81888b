package dev.gpudra.operator.states;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

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

  /**
   * Why this set does not build an enabled state, when it does not: a GPUCluster's DCGM and DCGM
   * exporter are NVIDIA's GPUCluster forms (their GPUs through an admin-access claim, their own
   * {@code *-dra} deploy labels), not the ClusterPolicy's, whose exporter waits for a {@code
   * toolkit-ready} no validator writes under a GPUCluster; they are refused, not run to hang.
   */
  public Optional<String> notBuilt(OperandState state) {
    if (this == GPU_CLUSTER
        && (state == OperandState.DCGM || state == OperandState.DCGM_EXPORTER)) {
      String key = state == OperandState.DCGM ? "dcgm" : "dcgmExporter";
      return Optional.of(
          "NVIDIA's GPUCluster form of "
              + state.stateName()
              + " (GPUs through an admin-access ResourceClaim, nodes labelled"
              + " nvidia.com/gpu.deploy."
              + (state == OperandState.DCGM ? "dcgm-dra" : "dcgm-exporter-dra")
              + ") is not built by gpu-dra's operator: set "
              + key
              + ".enabled: false, or run a ClusterPolicy with draDriver");
    }
    return Optional.empty();
  }
}
