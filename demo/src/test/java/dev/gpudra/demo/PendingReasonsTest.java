package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.AllocationMode;
import dev.gpudra.allocator.CandidateExplanation;
import dev.gpudra.allocator.CandidateOutcome;
import dev.gpudra.allocator.DeviceId;
import dev.gpudra.allocator.Explanation;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.RequestExplanation;
import dev.gpudra.allocator.RequestOutcome;
import dev.gpudra.allocator.Unsatisfiable;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.PlacementDecision.NodeMiss;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PendingReasonsTest {
  private static final String TAINT =
      "taint gpu.nvidia.com/xid=79:NoSchedule is not tolerated by request gpu";

  private static CandidateExplanation candidate(
      String node, String device, CandidateOutcome outcome, String reason) {
    return new CandidateExplanation(new DeviceId("gpu.nvidia.com", node, device), outcome, reason);
  }

  /** A node with too few devices for request {@code gpu}, in the allocator's words. */
  private static NodeMiss miss(
      String node, long needed, long matching, List<CandidateExplanation> devices) {
    RequestExplanation request =
        new RequestExplanation(
            "gpu",
            "gpu.nvidia.com",
            AllocationMode.EXACT_COUNT,
            needed,
            matching,
            RequestOutcome.NOT_ALLOCATED,
            devices);
    return miss(
        node, FailureReason.NOT_ENOUGH_DEVICES, "request gpu: " + request.summary(), request);
  }

  private static NodeMiss miss(
      String node, FailureReason reason, String message, RequestExplanation request) {
    Unsatisfiable u =
        new Unsatisfiable(
            reason, "gpu", message, new Explanation(node, List.of(), List.of(request)));
    return new NodeMiss(node, "trainer-gpu-x7k2p", message, Optional.of(u));
  }

  private static List<CandidateExplanation> selectorFalse(String node, int count) {
    return IntStream.range(0, count)
        .mapToObj(i ->
            candidate(
                node,
                "gpu-" + i,
                CandidateOutcome.REQUEST_SELECTOR,
                "request gpu selector #0 (...) is false"))
        .toList();
  }

  @Test
  @DisplayName(
      "nodes that say the same are one line; a device turned down for a taint is named once; a"
          + " selector that is false is left out")
  void oneLinePerReason() {
    List<NodeMiss> misses = new ArrayList<>();
    for (String node : List.of("gpu-node-1", "gpu-node-2", "gpu-node-3", "gpu-node-dp")) {
      List<CandidateExplanation> devices = new ArrayList<>(selectorFalse(node, 7));
      if (node.equals("gpu-node-2")) {
        devices.add(candidate(node, "gpu-7", CandidateOutcome.TAINTED, TAINT));
      }
      misses.add(miss(node, 1, 0, devices));
    }

    assertThat(PendingReasons.lines(new FitsNowhere(misses)))
        .containsExactly(
            "not-enough-devices: request gpu: 1 needed, 0 match on gpu-node-{1,2,3,dp}",
            TAINT + ": gpu-node-2/gpu-7");
  }

  @Test
  @DisplayName(
      "too few devices is one line, most first; held devices are listed by node; a node the"
          + " allocator was not asked about keeps its own reason")
  void countsAndHeldDevices() {
    List<CandidateExplanation> node1 = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      node1.add(
          i < 3
              ? candidate(
                  "gpu-node-1",
                  "gpu-" + i,
                  CandidateOutcome.ALREADY_ALLOCATED,
                  "allocated to another claim")
              : candidate("gpu-node-1", "gpu-" + i, CandidateOutcome.MATCHED, ""));
    }
    List<NodeMiss> misses =
        List.of(
            miss("gpu-node-1", 9, 5, node1),
            miss("gpu-node-2", 9, 8, List.of()),
            miss("gpu-node-3", 9, 8, List.of()),
            new NodeMiss("gpu-node-dp", "", "Insufficient nvidia.com/gpu", Optional.empty()));

    assertThat(PendingReasons.lines(new FitsNowhere(misses)))
        .containsExactly(
            "not-enough-devices: request gpu: 9 needed, 8 match on gpu-node-{2,3}, 5 on gpu-node-1",
            "Insufficient nvidia.com/gpu on gpu-node-dp",
            "allocated to another claim: gpu-node-1/gpu-{0,1,2}");
  }

  @Test
  @DisplayName("any other reason is one line per message, with the nodes that gave it")
  void otherReasons() {
    RequestExplanation request =
        new RequestExplanation(
            "gpus",
            "gpu.nvidia.com",
            AllocationMode.EXACT_COUNT,
            2,
            4,
            RequestOutcome.NOT_ALLOCATED,
            List.of());
    String message =
        "each request has enough matching devices on its own, but no combination satisfies"
            + " matchAttribute resource.kubernetes.io/pcieRoot";
    List<NodeMiss> misses =
        List.of(
            miss("gpu-node-1", FailureReason.NO_COMBINATION, message, request),
            miss("gpu-node-2", FailureReason.NO_COMBINATION, message, request));

    assertThat(PendingReasons.lines(new FitsNowhere(misses)))
        .containsExactly("no-combination on gpu-node-{1,2}: " + message);
  }

  @Test
  @DisplayName("past a few reasons about devices, the rest are counted, unless one would be")
  void manyDeviceReasons() {
    int max = PendingReasons.MAX_DEVICE_LINES;
    assertThat(deviceReasons(max + 2))
        .hasSize(1 + max + 1)
        .last()
        .isEqualTo("and 2 more reasons about devices");
    assertThat(deviceReasons(max + 1))
        .hasSize(1 + max + 1)
        .last()
        .isEqualTo("counter " + max + " used: gpu-node-3/gpu-" + max);
  }

  private static List<String> deviceReasons(int count) {
    List<CandidateExplanation> devices = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      devices.add(
          candidate(
              "gpu-node-3",
              "gpu-" + i,
              CandidateOutcome.COUNTERS_IN_USE,
              "counter " + i + " used"));
    }
    return PendingReasons.lines(new FitsNowhere(List.of(miss("gpu-node-3", 1, 0, devices))));
  }

  @Test
  @DisplayName("names collapse by prefix, and a long list is cut and counted")
  void names() {
    assertThat(PendingReasons.names(List.of("gpu-node-2"))).isEqualTo("gpu-node-2");
    assertThat(PendingReasons.names(List.of("gpu-node-1", "gpu-node-dp", "worker")))
        .isEqualTo("gpu-node-{1,dp} worker");
    List<String> many = IntStream.range(0, 12).mapToObj(i -> "n/gpu-" + i).toList();
    assertThat(PendingReasons.names(many)).isEqualTo("n/gpu-{0,1,2,3,4,5,6,7} and 4 more");
  }
}
