package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.simulated.GpuSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ExpectationCheckTest {
  private static final Expectation ON_NODE_1 =
      Expectation.parse(
          """
          pods:
          - name: p
            phase: Running
            node: gpu-node-1
          """);

  private static PodReport running(String node, List<String> feasible, List<String> disagree) {
    return running(node, feasible, disagree, Map.of());
  }

  private static PodReport running(
      String node,
      List<String> feasible,
      List<String> disagree,
      Map<String, GpuSettings> gpuSettings) {
    return running(node, feasible, disagree, gpuSettings, List.of());
  }

  private static PodReport running(
      String node,
      List<String> feasible,
      List<String> disagree,
      Map<String, GpuSettings> gpuSettings,
      List<String> mpsDaemons) {
    return new PodReport(
        "p",
        "Running",
        Optional.of(node),
        Map.of(),
        List.of(),
        Map.of(),
        Map.of(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        disagree,
        feasible,
        gpuSettings,
        mpsDaemons,
        Map.of(),
        Optional.empty());
  }

  private static List<String> problems(PodReport pod) {
    return ExpectationCheck.problems(ON_NODE_1, Map.of("p", pod), List.of());
  }

  @Test
  @DisplayName("the expected node, or another node that fits it as well (a scheduler's tie)")
  void nodeAmongEquals() {
    assertThat(problems(running("gpu-node-1", List.of("gpu-node-1"), List.of()))).isEmpty();
    assertThat(problems(running("gpu-node-2", List.of("gpu-node-1", "gpu-node-2"), List.of())))
        .isEmpty();
  }

  @Test
  @DisplayName("a node that the expected one is not a tie with is a problem")
  void otherNode() {
    assertThat(problems(running("gpu-node-2", List.of("gpu-node-2"), List.of())))
        .containsExactly("p: on node gpu-node-2, expected gpu-node-1");
  }

  @Test
  @DisplayName("a scheduler decision our allocator did not predict is a problem")
  void disagreement() {
    assertThat(problems(running("gpu-node-1", List.of("gpu-node-1"), List.of("claim c: x"))))
        .containsExactly("p: scheduler vs our allocator: claim c: x");
  }

  @Test
  @DisplayName(
      "a time slice is checked on every GPU of the pod, and is a problem where GPUs cannot be read")
  void timeSlice() {
    Expectation longSlices =
        Expectation.parse(
            """
            pods:
            - name: p
              phase: Running
              timeSlice: Long
            """);
    GpuSettings sliced = new GpuSettings(ComputeMode.DEFAULT, TimeSlice.LONG);
    PodReport good =
        running("n", List.of("n"), List.of(), Map.of("gpu.nvidia.com/n/gpu-0", sliced));
    PodReport bad =
        running(
            "n",
            List.of("n"),
            List.of(),
            Map.of("gpu.nvidia.com/n/gpu-0", sliced, "gpu.nvidia.com/n/gpu-1", GpuSettings.BOOT));

    assertThat(ExpectationCheck.problems(longSlices, Map.of("p", good), List.of())).isEmpty();
    assertThat(ExpectationCheck.problems(longSlices, Map.of("p", bad), List.of()))
        .containsExactly("p: gpu.nvidia.com/n/gpu-1 time slice Default, expected Long");
    assertThat(
            ExpectationCheck.problems(
                longSlices, Map.of("p", running("n", List.of("n"), List.of())), List.of()))
        .containsExactly("p: its GPUs' time slices cannot be read on this cluster");
  }

  @Test
  @DisplayName(
      "MPS: every GPU of the pod in the expected compute mode, and a ready control daemon for its"
          + " claims")
  void mps() {
    Expectation mps =
        Expectation.parse(
            """
            pods:
            - name: p
              phase: Running
              computeMode: EXCLUSIVE_PROCESS
              mpsDaemon: true
            """);
    Map<String, GpuSettings> exclusive =
        Map.of(
            "gpu.nvidia.com/n/gpu-0",
            new GpuSettings(ComputeMode.EXCLUSIVE_PROCESS, TimeSlice.DEFAULT));
    PodReport good =
        running("n", List.of("n"), List.of(), exclusive, List.of("mps-control-daemon-x ready"));
    PodReport starting =
        running("n", List.of("n"), List.of(), exclusive, List.of("mps-control-daemon-x starting"));
    PodReport shared =
        running(
            "n",
            List.of("n"),
            List.of(),
            Map.of("gpu.nvidia.com/n/gpu-0", GpuSettings.BOOT),
            List.of("mps-control-daemon-x ready"));

    assertThat(ExpectationCheck.problems(mps, Map.of("p", good), List.of())).isEmpty();
    assertThat(ExpectationCheck.problems(mps, Map.of("p", starting), List.of()))
        .containsExactly(
            "p: no ready MPS control daemon for its claims: [mps-control-daemon-x starting]");
    assertThat(ExpectationCheck.problems(mps, Map.of("p", shared), List.of()))
        .containsExactly(
            "p: gpu.nvidia.com/n/gpu-0 compute mode DEFAULT, expected EXCLUSIVE_PROCESS");
  }

  @Test
  @DisplayName(
      "deviceStatus: each GPU's status.devices entry must show the expected Ready; a missing one"
          + " is named")
  void deviceStatus() {
    Expectation unhealthy =
        Expectation.parse(
            """
            pods:
            - name: p
              phase: Running
              deviceStatus: "False"
            """);
    var gpu =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder()
            .withDriver("gpu.nvidia.com")
            .withPool("gpu-node-2")
            .withDevice("gpu-7")
            .withRequest("gpu")
            .build();
    List<String> problems = new java.util.ArrayList<>();

    ExpectationCheck.deviceStatus(
        unhealthy.pods().getFirst(),
        List.of(gpu),
        Map.of("gpu.nvidia.com/gpu-node-2/gpu-7", "False"),
        problems);
    ExpectationCheck.deviceStatus(
        unhealthy.pods().getFirst(),
        List.of(gpu),
        Map.of("gpu.nvidia.com/gpu-node-2/gpu-7", "True"),
        problems);
    ExpectationCheck.deviceStatus(unhealthy.pods().getFirst(), List.of(gpu), Map.of(), problems);

    assertThat(problems)
        .containsExactly(
            "p: gpu-7 status.devices Ready True, expected False",
            "p: gpu-7 status.devices Ready no entry, expected False");
  }
}
