package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.Expectation;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RealNodeJudgeTest {
  private static final Set<String> PLAYING = Set.of("gpu-node-2", "gpu-node-dp");
  private static final String NODE = RealNodeCluster.NODE;
  private static final ContainerReport SAW_GPU =
      new ContainerReport(
          List.of("/dev/nvidia3", "/dev/nvidiactl"), List.of("NVIDIA_VISIBLE_DEVICES=void"));
  private static final ContainerReport SAW_VFIO_GROUP =
      new ContainerReport(List.of("/dev/vfio/12"), List.of());
  private static final ContainerReport SAW_VFIO_API_ONLY =
      new ContainerReport(List.of("/dev/vfio/vfio"), List.of());
  private static final ContainerReport SAW_NOTHING =
      new ContainerReport(List.of(), List.of("NVIDIA_VISIBLE_DEVICES=void"));
  private static final String REFUSED =
      "0/1 nodes are available: 1 " + RealNodeJudge.NOT_ALLOCATABLE + ".";

  private static Expectation.Pod running(String node, Integer devices, List<String> env) {
    return new Expectation.Pod(
        "p", "Running", node, devices, null, null, null, null, null, false, false, env, null, null,
        null);
  }

  private static Expectation.Pod pending() {
    return new Expectation.Pod(
        "p",
        "Pending",
        null,
        null,
        null,
        null,
        "not-enough-devices",
        null,
        null,
        false,
        false,
        null,
        null,
        null,
        null);
  }

  private static DeviceRequestAllocationResult device(String name) {
    return new DeviceRequestAllocationResultBuilder()
        .withDriver("gpu.nvidia.com")
        .withPool(NODE)
        .withDevice(name)
        .withRequest("gpu")
        .build();
  }

  private static RealPod ran(ContainerReport report, String... devices) {
    return new RealPod(
        "p",
        Optional.empty(),
        Optional.of(NODE),
        Stream.of(devices).map(RealNodeJudgeTest::device).toList(),
        Map.of("ctr", report),
        List.of(),
        Map.of());
  }

  private static RealPod refused(String message) {
    return new RealPod(
        "p", Optional.of(message), Optional.empty(), List.of(), Map.of(), List.of(), Map.of());
  }

  private static final RealPod BOUND_SILENT =
      new RealPod(
          "p",
          Optional.empty(),
          Optional.of(NODE),
          List.of(device("gpu-0")),
          Map.of(),
          List.of(),
          Map.of());

  private static Expectation.Pod mps() {
    return new Expectation.Pod(
        "p", "Running", null, 1, null, null, null, null, null, true, false, null, null, null, null);
  }

  private static Expectation.Pod worker() {
    return new Expectation.Pod(
        "p", "Running", null, 1, null, null, null, null, null, false, true, null, null, null, null);
  }

  /** A worker whose claim holds its domain's channel-0, its container having seen {@code nodes}. */
  private static RealPod ranWithChannel(String... nodes) {
    DeviceRequestAllocationResult channel =
        new DeviceRequestAllocationResultBuilder()
            .withDriver("compute-domain.nvidia.com")
            .withPool(NODE)
            .withDevice("channel-0")
            .withRequest("channel")
            .build();
    return new RealPod(
        "p",
        Optional.empty(),
        Optional.of(NODE),
        List.of(channel),
        Map.of("ctr", new ContainerReport(List.of(nodes), List.of())),
        List.of(),
        Map.of());
  }

  private static RealPod ranWithMps(String... daemons) {
    RealPod ran = ran(SAW_GPU, "gpu-0");
    return new RealPod(
        ran.name(),
        ran.refusal(),
        ran.node(),
        ran.devices(),
        ran.containers(),
        List.of(daemons),
        Map.of());
  }

  /** One pod, what it was expected to do, what it did, and the problem (empty: it passed). */
  record Case(String name, Expectation.Pod want, RealPod got, String problem) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("ran with its GPU", running("gpu-node-2", 1, null), ran(SAW_GPU, "gpu-0"), ""),
        new Case(
            "expected to run, refused by kube-scheduler",
            running(null, 1, null),
            refused(REFUSED),
            "kube-scheduler refused it"),
        new Case(
            "expected to run, bound but never reported",
            running(null, 1, null),
            BOUND_SILENT,
            "did not report"),
        new Case("refused for its claims, as expected", pending(), refused(REFUSED), ""),
        new Case("expected Pending, bound", pending(), BOUND_SILENT, "bound to gpu-node-real"),
        new Case(
            "expected Pending, refused for a taint",
            pending(),
            refused("0/1 nodes are available: 1 node(s) had untolerated taint."),
            "refused for another reason"),
        new Case(
            "two devices where one was expected",
            running(null, 1, null),
            ran(SAW_GPU, "gpu-0", "gpu-1"),
            "2 devices, expected 1"),
        new Case(
            "a container without a GPU device node",
            running(null, 1, null),
            ran(SAW_NOTHING, "gpu-0"),
            "saw no GPU device node"),
        new Case(
            "a GPU passed through: its IOMMU group's node",
            running(null, 1, null),
            ran(SAW_VFIO_GROUP, "gpu-vfio-0"),
            ""),
        new Case(
            "the VFIO API device alone",
            running(null, 1, null),
            ran(SAW_VFIO_API_ONLY, "gpu-vfio-0"),
            "saw no GPU device node"),
        new Case(
            "on the device-plugin node, played beside the DRA node",
            running("gpu-node-dp", 0, List.of("NVIDIA_VISIBLE_DEVICES")),
            ran(SAW_GPU),
            ""),
        new Case(
            "on a node the run did not play",
            running("gpu-node-1", 1, null),
            ran(SAW_GPU, "gpu-0"),
            "expected on gpu-node-1"),
        new Case(
            "without an expected variable",
            running(null, 1, List.of("CUDA_MPS_PIPE_DIRECTORY")),
            ran(SAW_GPU, "gpu-0"),
            "has no CUDA_MPS_PIPE_DIRECTORY"));
  }

  static Stream<Case> mpsCases() {
    return Stream.of(
        new Case(
            "its claim's MPS control daemon ready",
            mps(),
            ranWithMps("mps-control-daemon-uid-ab12c ready"),
            ""),
        new Case(
            "its claim's MPS control daemon not ready",
            mps(),
            ranWithMps("mps-control-daemon-uid-ab12c pending"),
            "no ready MPS control daemon"),
        new Case("no MPS control daemon", mps(), ranWithMps(), "no ready MPS control daemon"));
  }

  static Stream<Case> imexCases() {
    return Stream.of(
        new Case(
            "a ComputeDomain worker that saw IMEX channel 0 (no GPU)",
            worker(),
            ranWithChannel("/dev/nvidia-caps-imex-channels/channel0"),
            ""),
        new Case(
            "a ComputeDomain worker whose container saw no channel",
            worker(),
            ranWithChannel("/dev/nvidiactl"),
            "no container saw /dev/nvidia-caps-imex-channels/channel0"),
        new Case(
            "a GPU claim's container with a channel but no GPU",
            running(null, 1, null),
            new RealPod(
                "p",
                Optional.empty(),
                Optional.of(NODE),
                List.of(device("gpu-0")),
                Map.of(
                    "ctr",
                    new ContainerReport(
                        List.of("/dev/nvidia-caps-imex-channels/channel0"), List.of())),
                List.of(),
                Map.of()),
            "saw no GPU device node"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource({"cases", "mpsCases", "imexCases"})
  @DisplayName("a pod passes only when it ended as its expect.yaml says")
  void judgesOnePod(Case c) {
    RealNodeJudge.Verdict verdict =
        RealNodeJudge.judge(
            new Expectation(List.of(c.want()), false), PLAYING, Map.of("p", c.got()), List.of());

    if (c.problem().isEmpty()) {
      assertThat(verdict.problems()).isEmpty();
      assertThat(verdict.passed()).isTrue();
    } else {
      assertThat(verdict.passed()).isFalse();
      assertThat(verdict.problems()).first().asString().contains(c.problem());
    }
  }

  @Test
  @DisplayName("pods of a shared claim must hold the same devices")
  void sameDevices() {
    Expectation shared =
        new Expectation(
            List.of(
                new Expectation.Pod(
                    "a", "Running", null, 1, null, null, null, null, null, false, false, null, null,
                    null, null),
                new Expectation.Pod(
                    "b", "Running", null, 1, null, null, null, null, null, false, false, null, null,
                    null, null)),
            true);
    RealPod a = ran(SAW_GPU, "gpu-0");
    RealPod b = ran(SAW_GPU, "gpu-1");

    assertThat(RealNodeJudge.judge(shared, PLAYING, Map.of("a", a, "b", a), List.of()).passed())
        .isTrue();
    assertThat(RealNodeJudge.judge(shared, PLAYING, Map.of("a", a, "b", b), List.of()).problems())
        .singleElement()
        .asString()
        .contains("pods hold different devices");
  }

  @Test
  @DisplayName("a pod expecting device metadata fails when its container read none")
  void metadataFromTheReport() {
    Expectation.Pod reads =
        new Expectation.Pod(
            "p",
            "Running",
            null,
            1,
            null,
            null,
            null,
            null,
            null,
            false,
            false,
            null,
            null,
            null,
            List.of("uuid"));

    RealNodeJudge.Verdict verdict =
        RealNodeJudge.judge(
            new Expectation(List.of(reads), false),
            PLAYING,
            Map.of("p", ran(SAW_GPU, "gpu-0")),
            List.of());

    assertThat(verdict.problems())
        .containsExactly(
            "p: container ctr reads no device metadata of gpu.nvidia.com/" + NODE + "/gpu-0");
  }

  @Test
  @DisplayName("what only the embedded demo can see is listed as not checked, never passed")
  void uncheckedIsListed() {
    Expectation.Pod sliced =
        new Expectation.Pod(
            "p", "Running", null, 1, null, null, null, "Long", null, false, false, null, null, null,
            null);

    RealNodeJudge.Verdict verdict =
        RealNodeJudge.judge(
            new Expectation(List.of(sliced), false),
            PLAYING,
            Map.of("p", ran(SAW_GPU, "gpu-0")),
            List.of());

    assertThat(verdict.passed()).isTrue();
    assertThat(verdict.unchecked()).containsExactly("p: its GPUs' time slice (Long)");
  }

  @Test
  @DisplayName("a pod the scenario expects but that was never created fails it")
  void missingPod() {
    assertThat(
            RealNodeJudge.judge(
                    new Expectation(List.of(pending()), false), PLAYING, Map.of(), List.of())
                .problems())
        .containsExactly("p: no such pod");
  }
}
