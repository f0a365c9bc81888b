package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.SystemInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything this node can allocate, as discovered at one moment.
 *
 * @param system driver and CUDA versions, shared by every device
 * @param devices in publication order: GPUs by index, a GPU's MIG devices by placement
 * @param warnings things an operator should know (e.g. a GPU in MIG mode with no MIG devices)
 */
public record Inventory(SystemInfo system, List<AllocatableDevice> devices, List<String> warnings) {
  public Inventory {
    Objects.requireNonNull(system, "system");
    devices = List.copyOf(devices);
    warnings = List.copyOf(warnings);
    long distinct = devices.stream().map(AllocatableDevice::name).distinct().count();
    if (distinct != devices.size()) {
      throw new IllegalArgumentException("duplicate device names in inventory: " + devices);
    }
  }

  /** This inventory with {@code more} devices after its own. */
  Inventory with(List<? extends AllocatableDevice> more) {
    List<AllocatableDevice> all = new ArrayList<>(devices);
    all.addAll(more);
    return new Inventory(system, all, warnings);
  }

  /** Devices by canonical name, in publication order. */
  public Map<String, AllocatableDevice> byName() {
    Map<String, AllocatableDevice> map = new LinkedHashMap<>();
    devices.forEach(d -> map.put(d.name(), d));
    return map;
  }

  public Optional<AllocatableDevice> device(String name) {
    return devices.stream().filter(d -> d.name().equals(name)).findFirst();
  }
}
