package dev.gpudra.gpu.slices;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.MigResources;
import dev.gpudra.nvml.Placement;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Counter;
import io.fabric8.kubernetes.api.model.resource.v1.CounterBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSetBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumptionBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A partitionable GPU's shared counters, as NVIDIA's DynamicMIG publishes them: one set {@code
 * gpu-<minor>-counter-set} per GPU holding, per dimension, the most any of its profiles takes
 * ({@code multiprocessors}, {@code copy-engines}, {@code decoders}, {@code encoders}, {@code
 * jpeg-engines}, {@code ofa-engines}, {@code memory}) and one {@code memory-slice-<i>} of 1 per
 * memory slice. The whole GPU consumes the whole set; a MIG device its profile's resources and the
 * memory slices of its placement, so the scheduler never hands out overlapping pieces.
 */
final class MigCounters {
  private MigCounters() {}

  static String setName(GpuInfo gpu) {
    return "gpu-" + gpu.minor() + "-counter-set";
  }

  /** Per dimension, the largest of the profiles (the whole GPU's share). */
  static MigResources max(List<MigProfile> profiles) {
    return new MigResources(
        profiles.stream().mapToInt(p -> p.resources().multiprocessors()).max().orElse(0),
        profiles.stream().mapToInt(p -> p.resources().copyEngines()).max().orElse(0),
        profiles.stream().mapToInt(p -> p.resources().decoders()).max().orElse(0),
        profiles.stream().mapToInt(p -> p.resources().encoders()).max().orElse(0),
        profiles.stream().mapToInt(p -> p.resources().jpegEngines()).max().orElse(0),
        profiles.stream().mapToInt(p -> p.resources().ofaEngines()).max().orElse(0),
        profiles.stream().mapToLong(p -> p.resources().memoryMiB()).max().orElse(0));
  }

  /** How many memory slices the GPU has: the end of its furthest placement. */
  static int memorySlices(List<MigProfile> profiles) {
    return profiles.stream()
        .flatMap(p -> p.placements().stream())
        .mapToInt(p -> p.start() + p.size())
        .max()
        .orElse(0);
  }

  static CounterSet set(GpuInfo gpu, List<MigProfile> profiles) {
    return new CounterSetBuilder().withName(setName(gpu)).withCounters(whole(profiles)).build();
  }

  /** What the whole GPU consumes: everything in its set. */
  static DeviceCounterConsumption wholeGpu(GpuInfo gpu, List<MigProfile> profiles) {
    return consumption(gpu, whole(profiles));
  }

  /** What a MIG device of {@code profile} at {@code placement} consumes. */
  static DeviceCounterConsumption migDevice(GpuInfo gpu, MigProfile profile, Placement placement) {
    Map<String, Counter> counters = resources(profile.resources());
    for (int slice = placement.start(); slice < placement.start() + placement.size(); slice++) {
      counters.put("memory-slice-" + slice, counter(Quantities.count(1)));
    }
    return consumption(gpu, counters);
  }

  private static Map<String, Counter> whole(List<MigProfile> profiles) {
    Map<String, Counter> counters = resources(max(profiles));
    for (int slice = 0; slice < memorySlices(profiles); slice++) {
      counters.put("memory-slice-" + slice, counter(Quantities.count(1)));
    }
    return counters;
  }

  private static Map<String, Counter> resources(MigResources r) {
    Map<String, Counter> counters = new LinkedHashMap<>();
    counters.put("multiprocessors", counter(Quantities.count(r.multiprocessors())));
    counters.put("copy-engines", counter(Quantities.count(r.copyEngines())));
    counters.put("decoders", counter(Quantities.count(r.decoders())));
    counters.put("encoders", counter(Quantities.count(r.encoders())));
    counters.put("jpeg-engines", counter(Quantities.count(r.jpegEngines())));
    counters.put("ofa-engines", counter(Quantities.count(r.ofaEngines())));
    counters.put("memory", counter(Quantities.binary(r.memoryBytes())));
    return counters;
  }

  private static DeviceCounterConsumption consumption(GpuInfo gpu, Map<String, Counter> counters) {
    return new DeviceCounterConsumptionBuilder()
        .withCounterSet(setName(gpu))
        .withCounters(counters)
        .build();
  }

  private static Counter counter(Quantity value) {
    return new CounterBuilder().withValue(value).build();
  }
}
