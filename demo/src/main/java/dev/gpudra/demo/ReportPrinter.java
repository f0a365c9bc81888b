package dev.gpudra.demo;

import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.kit.metadata.MetadataPaths;
import dev.gpudra.node.driverroot.DriverEdits;
import dev.gpudra.nvml.simulated.GpuSettings;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Prints how a scenario's pods ended, a few lines each: where the pod runs, the devices it got, and
 * what each container gets (its CDI device IDs, and of their edits the device nodes, environment
 * and mounts that are the claim's own: the driver's control nodes every GPU container gets are left
 * out; the devices its device metadata names, one line). A pod that fits no node gets one line per
 * distinct reason and the {@code gpu-dra explain} command that shows every node and device.
 */
public final class ReportPrinter {
  /** The device nodes every GPU container gets (spec-level edits), not worth a line each time. */
  private static final Set<String> COMMON_NODES = Set.copyOf(DriverEdits.CONTROL_NODES);

  /** {@code 0/7 nodes are available}, before kube-scheduler's count of why, if it gives one. */
  private static final Pattern NODES_AVAILABLE =
      Pattern.compile("^(\\d+/\\d+ nodes are available)(: (\\d+ [^.;]*))?");

  private final PrintWriter out;
  private final Function<DemoSpec, Optional<String>> explainCommand;

  /** A printer that names no explain command for a pod that fits nowhere. */
  public ReportPrinter(PrintWriter out) {
    this(out, spec -> Optional.empty());
  }

  /**
   * @param explainCommand the command that explains a scenario's pods per node and device, if there
   *     is one to give
   */
  public ReportPrinter(PrintWriter out, Function<DemoSpec, Optional<String>> explainCommand) {
    this.out = out;
    this.explainCommand = explainCommand;
  }

  public void scenario(DemoSpec spec, Map<String, PodReport> pods, List<String> problems) {
    scenario(spec, pods, List.of(), problems);
  }

  /**
   * @param domains the scenario's ComputeDomains, one line each
   */
  public void scenario(
      DemoSpec spec, Map<String, PodReport> pods, List<String> domains, List<String> problems) {
    out.printf("%n> %s: %s%n", spec.name(), spec.summary());
    domains.forEach(d -> out.printf("  domain %s%n", d));
    pods.values().forEach(p -> pod(spec, p));
    problems.forEach(p -> out.printf("  UNEXPECTED: %s%n", p));
    out.flush();
  }

  /** A share of a device that allows multiple allocations: its ID and what it consumes. */
  private static String share(DeviceRequestAllocationResult d) {
    if (d.getShareID() == null) {
      return "";
    }
    String consumed =
        d.getConsumedCapacity() == null
            ? ""
            : new TreeMap<>(d.getConsumedCapacity())
                .entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", ", ", consumes ", ""));
    return "; share " + d.getShareID() + consumed;
  }

  private void pod(DemoSpec spec, PodReport pod) {
    out.printf(
        "  pod %s: %s%s%s%n",
        pod.name(),
        pod.phase(),
        pod.node().map(n -> " on " + n).orElse(""),
        pod.schedulerMessage().map(m -> ", PodScheduled=False: " + head(m)).orElse(""));
    for (DeviceRequestAllocationResult d : pod.devices()) {
      GpuSettings settings = pod.gpuSettings().get(PodReport.key(d));
      String ready = pod.deviceReady().get(PodReport.key(d));
      out.printf(
          "    device %s/%s/%s (request %s)%s%s%s%s%n",
          d.getDriver(),
          d.getPool(),
          d.getDevice(),
          d.getRequest(),
          share(d),
          d.getBindingConditions() == null || d.getBindingConditions().isEmpty()
              ? ""
              : "; bound once " + String.join(", ", d.getBindingConditions()),
          settings == null || settings.equals(GpuSettings.BOOT)
              ? ""
              : "; GPU " + describe(settings),
          ready == null ? "" : "; status.devices Ready=" + ready);
    }
    containers(pod);
    pod.mpsDaemons().forEach(d -> out.printf("    mps     %s%n", d));
    pod.failure().ifPresent(f -> out.printf("    not started: %s%n", f));
    pod.eviction().ifPresent(e -> out.printf("    evicted by %s%n", e));
    pod.unschedulable()
        .ifPresent(u -> PendingReasons.lines(u).forEach(l -> out.printf("    %s%n", l)));
    if (pod.schedulerMessage().isPresent()) {
      explainCommand.apply(spec).ifPresent(c -> out.printf("    every node and device: %s%n", c));
    }
  }

  /** One line per container, or per set of containers that got the same. */
  private void containers(PodReport pod) {
    Map<PodReport.Container, List<String>> alike = new LinkedHashMap<>();
    new TreeMap<>(pod.containers())
        .forEach((name, c) -> alike.computeIfAbsent(c, k -> new ArrayList<>()).add(name));
    alike.forEach((c, names) -> {
      List<String> parts = new ArrayList<>();
      List<String> nodes =
          c.view().deviceNodes().stream().filter(n -> !COMMON_NODES.contains(n)).toList();
      if (!nodes.isEmpty()) {
        parts.add("nodes " + String.join(" ", nodes));
      }
      List<String> env =
          c.view().env().stream().filter(e -> !e.startsWith("NVIDIA_CTK_LIBCUDA_DIR=")).toList();
      if (!env.isEmpty()) {
        parts.add("env " + String.join(" ", env));
      }
      if (!c.cdiDevices().isEmpty()) {
        parts.add("cdi " + String.join(" ", c.cdiDevices()));
      }
      out.printf("    %s: %s%n", String.join(", ", names), String.join("; ", parts));
      c.view().deviceMounts().stream()
          .filter(m -> !m.startsWith(MetadataPaths.CONTAINER_DIR + "/"))
          .forEach(m -> out.printf("      mount %s%n", m));
      String metadata = MetadataSeen.describe(c.view().metadata());
      if (!metadata.isEmpty()) {
        out.printf("      %s%n", metadata);
      }
    });
  }

  /**
   * The scheduler's message up to where it starts on each node's reason (which the lines after it
   * give once per reason): {@code 0/7 nodes are available}, with kube-scheduler's own count ({@code
   * : 7 cannot allocate all claims}) where it gives one; any other message whole.
   */
  static String head(String message) {
    Matcher m = NODES_AVAILABLE.matcher(message);
    if (!m.find()) {
      return message;
    }
    return m.group(2) == null ? m.group(1) : m.group(1) + ": " + m.group(3).strip();
  }

  /** {@code compute mode DEFAULT, time slice Long}. */
  private static String describe(GpuSettings settings) {
    return "compute mode "
        + settings.computeMode()
        + ", time slice "
        + TimeSliceInterval.valueOf(settings.timeSlice().name()).value();
  }
}
