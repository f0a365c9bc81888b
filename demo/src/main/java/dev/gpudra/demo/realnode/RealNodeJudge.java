package dev.gpudra.demo.realnode;

import dev.gpudra.demo.Expectation;
import dev.gpudra.demo.ExpectationCheck;
import dev.gpudra.demo.PodReport;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Compares a scenario's pods on the real node with its {@code expect.yaml}, as the embedded demo's
 * {@link ExpectationCheck} does, with what a real node shows: a container's report stands for the
 * CDI devices it got (GPU device nodes, IMEX channels), kube-scheduler's refusal for the
 * allocator's reason, the ready Deployment of its claims' MPS control daemon for the daemon. What
 * only the embedded demo can see (GPU settings) is listed as not checked. Pure.
 */
final class RealNodeJudge {
  /** kube-scheduler's message when DRA finds no devices for a pod's claims. */
  static final String NOT_ALLOCATABLE = "cannot allocate all claims";

  /** The IMEX channel a ComputeDomain's channel claim gives a container. */
  static final String IMEX_CHANNEL_0 = ContainerReport.IMEX_CHANNELS + "/channel0";

  private static final String GPU_DRIVER = "gpu.nvidia.com";

  /** A GPU's device node: {@code /dev/nvidiaN}, or its IOMMU group's when passed through. */
  private static final Pattern GPU_NODE = Pattern.compile("/dev/nvidia\\d+|/dev/vfio/\\d+");

  private RealNodeJudge() {}

  /**
   * @param problems each way the pods differ from the expectation; none when they passed
   * @param unchecked what the expectation asks that the real node cannot show
   */
  record Verdict(List<String> problems, List<String> unchecked) {
    Verdict {
      problems = List.copyOf(problems);
      unchecked = List.copyOf(unchecked);
    }

    boolean passed() {
      return problems.isEmpty();
    }
  }

  /**
   * @param playing the demo nodes the real node played: the GPU kubelet plugin's (its profile and
   *     gates), and the device-plugin node's when the classic device plugin ran beside it
   * @param pods how each pod ended, by name
   * @param slices the ResourceSlices the real node published
   */
  static Verdict judge(
      Expectation expected,
      Set<String> playing,
      Map<String, RealPod> pods,
      List<ResourceSlice> slices) {
    return judge(expected, playing, new Ended(pods, Map.of()), slices);
  }

  /**
   * How a scenario's pods ended.
   *
   * @param pods how each pod ended, by name (an evicted one: as it ran before)
   * @param evictions the pods a DeviceTaintRule evicted, each with the rule and what it said
   */
  record Ended(Map<String, RealPod> pods, Map<String, String> evictions) {
    Ended {
      pods = Map.copyOf(pods);
      evictions = Map.copyOf(evictions);
    }
  }

  /**
   * @param playing the demo nodes the real node played
   * @param ended how each pod ended, and which a DeviceTaintRule evicted
   * @param slices the ResourceSlices the real node published
   */
  static Verdict judge(
      Expectation expected, Set<String> playing, Ended ended, List<ResourceSlice> slices) {
    Map<String, RealPod> pods = ended.pods();
    List<String> problems = new ArrayList<>();
    List<String> unchecked = new ArrayList<>();
    for (Expectation.Pod want : expected.pods()) {
      RealPod got = pods.get(want.name());
      if (got == null) {
        problems.add(want.name() + ": no such pod");
        continue;
      }
      if (!evicted(want, got, ended.evictions(), problems)) {
        placement(want, got, playing, problems);
      }
      ExpectationCheck.allocation(want, got.devices(), slices, problems);
      ExpectationCheck.driver(want, got.devices(), problems);
      ExpectationCheck.deviceStatus(want, got.devices(), got.deviceReady(), problems);
      containers(want, got, problems);
      metadata(want, got, slices, problems);
      mps(want, got, problems);
      unchecked(want, unchecked);
    }
    if (expected.sameDevices()) {
      Set<Set<String>> distinct =
          pods.values().stream()
              .map(p -> ExpectationCheck.deviceIds(p.devices()))
              .collect(Collectors.toSet());
      if (distinct.size() != 1) {
        problems.add("pods hold different devices: " + distinct);
      }
    }
    return new Verdict(problems, unchecked);
  }

  /**
   * Whether the pod was expected Evicted or was evicted: then it must be both (its placement is not
   * checked further).
   */
  private static boolean evicted(
      Expectation.Pod want, RealPod got, Map<String, String> evictions, List<String> problems) {
    boolean expected = PodReport.EVICTED.equals(want.phase());
    Optional<String> by = Optional.ofNullable(evictions.get(want.name()));
    if (expected && by.isEmpty()) {
      problems.add(
          want.name()
              + ": expected Evicted, but "
              + (got.reported() ? "no DeviceTaintRule evicted it" : whyNotRunning(got)));
    } else if (!expected && by.isPresent()) {
      problems.add(want.name() + ": expected " + want.phase() + ", but evicted by " + by.get());
    }
    return expected || by.isPresent();
  }

  /** Ran where expected, or was refused by kube-scheduler as expected. */
  private static void placement(
      Expectation.Pod want, RealPod got, Set<String> playing, List<String> problems) {
    String pod = want.name() + ": ";
    if (want.running()) {
      if (!got.reported()) {
        problems.add(pod + "expected Running, but " + whyNotRunning(got));
      } else if (want.node() != null && !playing.contains(want.node())) {
        problems.add(
            pod
                + "expected on "
                + want.node()
                + ", the real node played "
                + String.join(", ", playing.stream().sorted().toList()));
      }
      return;
    }
    if (got.node().isPresent()) {
      problems.add(pod + "bound to " + got.node().get() + ", expected " + want.phase());
    } else if (got.refusal().isEmpty()) {
      problems.add(pod + "not refused by kube-scheduler, expected " + want.phase());
    } else if (want.unschedulable() != null && !got.refusal().get().contains(NOT_ALLOCATABLE)) {
      problems.add(pod + "refused for another reason than its claims: " + got.refusal().get());
    }
  }

  private static String whyNotRunning(RealPod got) {
    if (got.refusal().isPresent()) {
      return "kube-scheduler refused it: " + got.refusal().get();
    }
    return got.node()
        .map(n -> "its containers on " + n + " did not report")
        .orElse("it was not scheduled");
  }

  /**
   * Every container of a running pod saw a GPU (when its claims hold GPUs, or it expects devices
   * and no IMEX channel) and has the expected variables; one saw IMEX channel 0 when expected.
   */
  private static void containers(Expectation.Pod want, RealPod got, List<String> problems) {
    if (!want.running() || !got.reported()) {
      return;
    }
    boolean gpus =
        got.devices().stream().anyMatch(d -> GPU_DRIVER.equals(d.getDriver()))
            || (want.devices() != null && want.devices() > 0 && !want.imexChannel());
    got.containers()
        .forEach((name, report) -> {
          if (gpus && report.deviceNodes().stream().noneMatch(n -> GPU_NODE.matcher(n).matches())) {
            problems.add(want.name() + ": container " + name + " saw no GPU device node");
          }
          for (String variable : Objects.requireNonNullElse(want.env(), List.<String>of())) {
            if (report.environment().stream().noneMatch(e -> e.startsWith(variable + "="))) {
              problems.add(want.name() + ": container " + name + " has no " + variable);
            }
          }
        });
    if (want.imexChannel()
        && got.containers().values().stream()
            .noneMatch(r -> r.deviceNodes().contains(IMEX_CHANNEL_0))) {
      problems.add(want.name() + ": no container saw " + IMEX_CHANNEL_0);
    }
  }

  /** Each container of a running pod read its GPUs' device metadata, where expected. */
  private static void metadata(
      Expectation.Pod want, RealPod got, List<ResourceSlice> slices, List<String> problems) {
    if (!want.running() || !got.reported()) {
      return;
    }
    Map<String, List<String>> files = new TreeMap<>();
    got.containers().forEach((name, report) -> files.put(name, report.metadata()));
    ExpectationCheck.metadata(want, got.devices(), slices, files, problems);
  }

  /** A pod that expects an MPS control daemon has a ready one for its claims. */
  private static void mps(Expectation.Pod want, RealPod got, List<String> problems) {
    if (want.mpsDaemon() && got.mpsDaemons().stream().noneMatch(d -> d.endsWith(" ready"))) {
      problems.add(
          want.name() + ": no ready MPS control daemon for its claims: " + got.mpsDaemons());
    }
  }

  private static void unchecked(Expectation.Pod want, List<String> unchecked) {
    String pod = want.name() + ": ";
    if (want.unschedulable() != null) {
      unchecked.add(pod + "the allocator's reason (" + want.unschedulable() + ")");
    }
    if (want.timeSlice() != null) {
      unchecked.add(pod + "its GPUs' time slice (" + want.timeSlice() + ")");
    }
    if (want.computeMode() != null) {
      unchecked.add(pod + "its GPUs' compute mode (" + want.computeMode() + ")");
    }
  }
}
