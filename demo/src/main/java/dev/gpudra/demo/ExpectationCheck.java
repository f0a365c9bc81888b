package dev.gpudra.demo;

import dev.gpudra.api.v1beta1.TimeSliceInterval;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Compares a scenario's pods with its {@code expect.yaml}. Pure. */
public final class ExpectationCheck {
  private ExpectationCheck() {}

  /** Every way the pods differ from the expectation; empty when they ended as expected. */
  public static List<String> problems(
      Expectation expected, Map<String, PodReport> pods, List<ResourceSlice> slices) {
    List<String> problems = new ArrayList<>();
    for (Expectation.Pod want : expected.pods()) {
      PodReport got = pods.get(want.name());
      if (got == null) {
        problems.add(want.name() + ": no such pod");
        continue;
      }
      pod(want, got, slices, problems);
    }
    pods.values()
        .forEach(p ->
            p.disagreements()
                .forEach(d -> problems.add(p.name() + ": scheduler vs our allocator: " + d)));
    if (expected.sameDevices()) {
      Set<Set<String>> distinct =
          pods.values().stream().map(ExpectationCheck::deviceIds).collect(Collectors.toSet());
      if (distinct.size() != 1) {
        problems.add("pods hold different devices: " + distinct);
      }
    }
    return problems;
  }

  /**
   * The checks on a pod's allocation results that hold wherever it ran: how many devices, which
   * requests, and an attribute they must share.
   */
  public static void allocation(
      Expectation.Pod want,
      List<DeviceRequestAllocationResult> devices,
      List<ResourceSlice> slices,
      List<String> problems) {
    String pod = want.name() + ": ";
    if (want.devices() != null && want.devices() != devices.size()) {
      problems.add(pod + devices.size() + " devices, expected " + want.devices());
    }
    if (want.requests() != null) {
      List<String> requests =
          devices.stream().map(DeviceRequestAllocationResult::getRequest).toList();
      if (!want.requests().equals(requests)) {
        problems.add(pod + "requests " + requests + ", expected " + want.requests());
      }
    }
    if (want.sameAttribute() != null) {
      Set<String> values =
          devices.stream()
              .map(d -> attribute(slices, d, want.sameAttribute()))
              .collect(Collectors.toSet());
      if (values.size() != 1 || values.contains(null)) {
        problems.add(pod + want.sameAttribute() + " differs: " + values);
      }
    }
  }

  /** Every device from the expected driver, where the expectation names one. */
  public static void driver(
      Expectation.Pod want, List<DeviceRequestAllocationResult> devices, List<String> problems) {
    if (want.driver() != null
        && devices.stream().anyMatch(d -> !want.driver().equals(d.getDriver()))) {
      problems.add(want.name() + ": a device not from " + want.driver());
    }
  }

  private static void pod(
      Expectation.Pod want, PodReport got, List<ResourceSlice> slices, List<String> problems) {
    String pod = want.name() + ": ";
    if (!Objects.equals(want.phase(), got.phase())) {
      problems.add(pod + "phase " + got.phase() + ", expected " + want.phase());
    }
    if (want.node() != null && !onExpectedNode(want.node(), got)) {
      problems.add(pod + "on node " + got.node().orElse("none") + ", expected " + want.node());
    }
    allocation(want, got.devices(), slices, problems);
    if (want.running()
        && got.containers().values().stream().anyMatch(c -> c.cdiDevices().isEmpty())) {
      problems.add(pod + "a container got no CDI devices");
    }
    if (want.unschedulable() != null) {
      unschedulable(want, got, problems);
    }
    if (want.timeSlice() != null) {
      timeSlice(want, got, problems);
    }
    if (want.computeMode() != null) {
      computeMode(want, got, problems);
    }
    if (want.imexChannel()
        && got.containers().values().stream()
            .noneMatch(
                c -> c.view().deviceNodes().contains("/dev/nvidia-caps-imex-channels/channel0"))) {
      problems.add(pod + "no container got IMEX channel 0");
    }
    containersAndDrivers(want, got, problems);
    deviceStatus(want, got.devices(), got.deviceReady(), problems);
    if (want.running()) {
      Map<String, List<String>> files = new java.util.TreeMap<>();
      got.containers().forEach((name, c) -> files.put(name, c.view().metadata()));
      metadata(want, got.devices(), slices, files, problems);
    }
    if (want.mpsDaemon() && got.mpsDaemons().stream().noneMatch(d -> d.contains(" ready"))) {
      problems.add(pod + "no ready MPS control daemon for its claims: " + got.mpsDaemons());
    }
  }

  /** Every container with the expected variables set; every device from the expected driver. */
  private static void containersAndDrivers(
      Expectation.Pod want, PodReport got, List<String> problems) {
    for (String name : want.env() == null ? List.<String>of() : want.env()) {
      if (got.containers().isEmpty()
          || got.containers().values().stream()
              .anyMatch(c -> c.view().env().stream().noneMatch(e -> e.startsWith(name + "=")))) {
        problems.add(want.name() + ": a container has no " + name);
      }
    }
    driver(want, got.devices(), problems);
  }

  /**
   * Every GPU of the pod shown in its claim's {@code status.devices} with the expected Ready, where
   * the expectation names one.
   *
   * @param ready each entry's Ready status, by {@code driver/pool/device}
   */
  public static void deviceStatus(
      Expectation.Pod want,
      List<DeviceRequestAllocationResult> devices,
      Map<String, String> ready,
      List<String> problems) {
    if (want.deviceStatus() == null) {
      return;
    }
    devices.stream()
        .filter(d -> "gpu.nvidia.com".equals(d.getDriver()))
        .forEach(d -> {
          String shown = ready.getOrDefault(PodReport.key(d), "no entry");
          if (!shown.equals(want.deviceStatus())) {
            problems.add(
                want.name()
                    + ": "
                    + d.getDevice()
                    + " status.devices Ready "
                    + shown
                    + ", expected "
                    + want.deviceStatus());
          }
        });
  }

  /**
   * Every container reads each GPU of the pod from its device metadata, with the expected
   * attributes as the device's ResourceSlice publishes them, where the expectation names some.
   *
   * @param files the lines of the metadata files each container reads, by container name
   */
  public static void metadata(
      Expectation.Pod want,
      List<DeviceRequestAllocationResult> devices,
      List<ResourceSlice> slices,
      Map<String, List<String>> files,
      List<String> problems) {
    if (want.metadata() == null) {
      return;
    }
    if (files.isEmpty()) {
      problems.add(want.name() + ": no container to read device metadata");
    }
    files.forEach((container, lines) -> {
      MetadataSeen read;
      try {
        read = MetadataSeen.parse(lines);
      } catch (IllegalArgumentException e) {
        problems.add(want.name() + ": container " + container + " reads " + e.getMessage());
        return;
      }
      devices.stream()
          .filter(d -> "gpu.nvidia.com".equals(d.getDriver()))
          .flatMap(d -> metadata(want, read, d, slices).stream())
          .forEach(p -> problems.add(want.name() + ": container " + container + " " + p));
    });
  }

  /** How what a container reads of one device differs from its ResourceSlice. */
  private static List<String> metadata(
      Expectation.Pod want,
      MetadataSeen read,
      DeviceRequestAllocationResult device,
      List<ResourceSlice> slices) {
    Map<String, String> attributes = read.devices().get(PodReport.key(device));
    if (attributes == null) {
      return List.of("reads no device metadata of " + PodReport.key(device));
    }
    List<String> problems = new ArrayList<>();
    for (String name : want.metadata()) {
      String published = attribute(slices, device, name);
      String file = attributes.get(name);
      if (published == null || !published.equals(file)) {
        problems.add(
            "reads "
                + name
                + " "
                + file
                + " of "
                + device.getDevice()
                + ", its ResourceSlice says "
                + published);
      }
    }
    return problems;
  }

  /** Every GPU of the pod set to the expected compute mode, where the GPUs can be read. */
  private static void computeMode(Expectation.Pod want, PodReport got, List<String> problems) {
    if (got.gpuSettings().isEmpty()) {
      problems.add(want.name() + ": its GPUs' compute modes cannot be read on this cluster");
      return;
    }
    got.gpuSettings()
        .forEach((device, settings) -> {
          if (!settings.computeMode().name().equals(want.computeMode())) {
            problems.add(
                want.name()
                    + ": "
                    + device
                    + " compute mode "
                    + settings.computeMode()
                    + ", expected "
                    + want.computeMode());
          }
        });
  }

  /** Every GPU of the pod set to the expected time slice, where the GPUs can be read. */
  private static void timeSlice(Expectation.Pod want, PodReport got, List<String> problems) {
    if (got.gpuSettings().isEmpty()) {
      problems.add(want.name() + ": its GPUs' time slices cannot be read on this cluster");
      return;
    }
    got.gpuSettings()
        .forEach((device, settings) -> {
          String slice = TimeSliceInterval.valueOf(settings.timeSlice().name()).value();
          if (!slice.equals(want.timeSlice())) {
            problems.add(
                want.name()
                    + ": "
                    + device
                    + " time slice "
                    + slice
                    + ", expected "
                    + want.timeSlice());
          }
        });
  }

  /**
   * On the expected node; or, where the expected node is one of several that fit the pod, on
   * another of them: kube-scheduler scores nodes and breaks ties at random, so the node the
   * first-fit stand-in takes is one right answer among several.
   */
  private static boolean onExpectedNode(String expected, PodReport got) {
    String node = got.node().orElse("");
    return expected.equals(node)
        || (got.feasibleNodes().contains(expected) && got.feasibleNodes().contains(node));
  }

  private static void unschedulable(Expectation.Pod want, PodReport got, List<String> problems) {
    Set<String> reasons =
        got.unschedulable().stream()
            .flatMap(u -> u.misses().stream())
            .map(m ->
                m.outcome()
                    .map(o -> o.reason().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .orElse("-"))
            .collect(Collectors.toSet());
    if (!reasons.equals(Set.of(want.unschedulable()))) {
      problems.add(
          want.name()
              + ": unschedulable because "
              + reasons
              + ", expected "
              + want.unschedulable());
    }
  }

  static Set<String> deviceIds(PodReport pod) {
    return deviceIds(pod.devices());
  }

  /** Each device as {@code driver/pool/device}. */
  public static Set<String> deviceIds(List<DeviceRequestAllocationResult> devices) {
    return devices.stream()
        .map(d -> d.getDriver() + "/" + d.getPool() + "/" + d.getDevice())
        .collect(Collectors.toSet());
  }

  /** The string (or version) value of a device's attribute, from the published slices. */
  public static String attribute(
      List<ResourceSlice> slices, DeviceRequestAllocationResult result, String name) {
    String key =
        name.startsWith(result.getDriver() + "/")
            ? name.substring(result.getDriver().length() + 1)
            : name;
    return slices.stream()
        .filter(s ->
            result.getDriver().equals(s.getSpec().getDriver())
                && result.getPool().equals(s.getSpec().getPool().getName()))
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> d.getName().equals(result.getDevice()))
        .map(Device::getAttributes)
        .map(a -> a.get(key))
        .filter(Objects::nonNull)
        .map(ExpectationCheck::value)
        .findFirst()
        .orElse(null);
  }

  private static String value(DeviceAttribute a) {
    return a.getString() != null
        ? a.getString()
        : a.getVersion() != null
            ? a.getVersion()
            : String.valueOf(a.getInt() != null ? a.getInt() : a.getBool());
  }
}
