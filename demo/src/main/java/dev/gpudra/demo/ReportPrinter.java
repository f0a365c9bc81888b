package dev.gpudra.demo;

import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.deviceclasses.allocation.ExplanationText;
import dev.gpudra.localcluster.scheduler.PlacementDecision.NodeMiss;
import dev.gpudra.nvml.simulated.GpuSettings;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Prints how a scenario's pods ended: placement, devices, and what each container gets. */
public final class ReportPrinter {
  private final PrintWriter out;

  public ReportPrinter(PrintWriter out) {
    this.out = out;
  }

  public void scenario(DemoSpec spec, Map<String, PodReport> pods, List<String> problems) {
    scenario(spec, pods, List.of(), problems);
  }

  /**
   * @param domains the scenario's ComputeDomains, one line each
   */
  public void scenario(
      DemoSpec spec, Map<String, PodReport> pods, List<String> domains, List<String> problems) {
    out.printf("%n> %s: %s%n", spec.name(), spec.readme());
    domains.forEach(d -> out.printf("  domain %s%n", d));
    pods.values().forEach(this::pod);
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

  private void pod(PodReport pod) {
    out.printf(
        "  pod %s: %s%s%n", pod.name(), pod.phase(), pod.node().map(n -> " on " + n).orElse(""));
    pod.claims()
        .forEach((podClaim, claim) -> out.printf("    claim   %s -> %s%n", podClaim, claim));
    for (DeviceRequestAllocationResult d : pod.devices()) {
      GpuSettings settings = pod.gpuSettings().get(PodReport.key(d));
      out.printf(
          "    device  %s/%s/%s (request %s)%s%s%n",
          d.getDriver(),
          d.getPool(),
          d.getDevice(),
          d.getRequest(),
          share(d),
          settings == null || settings.equals(GpuSettings.BOOT)
              ? ""
              : "; GPU " + describe(settings));
    }
    pod.containers()
        .forEach((name, c) -> {
          out.printf("    container %s%n", name);
          c.cdiDevices().forEach(id -> out.printf("      cdi   %s%n", id));
          out.printf("      nodes %s%n", String.join(" ", c.view().deviceNodes()));
          out.printf("      env   %s%n", String.join(" ", c.view().env()));
          c.view().deviceMounts().forEach(m -> out.printf("      mount %s%n", m));
        });
    pod.mpsDaemons().forEach(d -> out.printf("    mps     %s%n", d));
    pod.failure().ifPresent(f -> out.printf("    not started: %s%n", f));
    pod.schedulerMessage().ifPresent(m -> out.printf("    PodScheduled=False: %s%n", m));
    pod.unschedulable()
        .ifPresent(u -> {
          for (NodeMiss miss : u.misses()) {
            miss.outcome()
                .ifPresent(o ->
                    ExplanationText.render(o).lines().forEach(l -> out.printf("    | %s%n", l)));
          }
        });
  }

  /** {@code compute mode DEFAULT, time slice Long}. */
  private static String describe(GpuSettings settings) {
    return "compute mode "
        + settings.computeMode()
        + ", time slice "
        + TimeSliceInterval.valueOf(settings.timeSlice().name()).value();
  }
}
