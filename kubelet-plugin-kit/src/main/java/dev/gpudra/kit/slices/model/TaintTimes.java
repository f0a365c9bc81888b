package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A driver leaves a device taint's {@code timeAdded} unset and the API server fills it in. So that
 * the stored slice does not look different from the desired one forever (and the time a taint was
 * added stays put across updates), a desired taint without a time takes the stored time of the same
 * taint (device, key, value, effect) from the existing slices.
 */
final class TaintTimes {
  private TaintTimes() {}

  static List<Device> carryOver(List<Device> desired, List<ResourceSlice> existing) {
    Map<String, String> stored = new HashMap<>();
    for (ResourceSlice slice : existing) {
      for (Device device : SliceSpecs.devices(slice.getSpec())) {
        for (DeviceTaint taint : taints(device)) {
          if (taint.getTimeAdded() != null) {
            stored.putIfAbsent(key(device.getName(), taint), taint.getTimeAdded());
          }
        }
      }
    }
    if (stored.isEmpty()) {
      return desired;
    }
    return desired.stream().map(d -> withTimes(d, stored)).toList();
  }

  private static Device withTimes(Device device, Map<String, String> stored) {
    List<DeviceTaint> taints = taints(device);
    if (taints.stream().allMatch(t -> t.getTimeAdded() != null)) {
      return device;
    }
    List<DeviceTaint> timed =
        taints.stream()
            .map(t ->
                t.getTimeAdded() != null || !stored.containsKey(key(device.getName(), t))
                    ? t
                    : new DeviceTaintBuilder(t)
                        .withTimeAdded(stored.get(key(device.getName(), t)))
                        .build())
            .toList();
    return new DeviceBuilder(device).withTaints(timed).build();
  }

  private static List<DeviceTaint> taints(Device device) {
    return device.getTaints() == null ? List.of() : device.getTaints();
  }

  private static String key(String device, DeviceTaint taint) {
    return String.join(
        "\u0000",
        device,
        Objects.toString(taint.getKey(), ""),
        Objects.toString(taint.getValue(), ""),
        Objects.toString(taint.getEffect(), ""));
  }
}
