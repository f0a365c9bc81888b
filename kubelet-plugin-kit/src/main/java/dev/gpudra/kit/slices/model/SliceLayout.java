package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.ArrayList;
import java.util.List;

/** Splits a pool's devices into slices no larger than the API allows. */
public final class SliceLayout {
  /** Devices per ResourceSlice ({@code ResourceSliceMaxDevices}). */
  public static final int MAX_DEVICES = 128;

  /** Devices per slice when any device has taints or consumes counters (Kubernetes 1.35). */
  public static final int MAX_DEVICES_WITH_TAINTS_OR_COUNTERS = 64;

  private SliceLayout() {}

  /** The slice size limit that applies to these devices. */
  public static int limitFor(List<Device> devices) {
    boolean advanced =
        devices.stream()
            .anyMatch(d -> notEmpty(d.getTaints()) || notEmpty(d.getConsumesCounters()));
    return advanced ? MAX_DEVICES_WITH_TAINTS_OR_COUNTERS : MAX_DEVICES;
  }

  /** A flat device list as slices: consecutive chunks in input order, without counters. */
  public static List<SliceContent> slices(List<Device> devices) {
    return split(devices).stream().map(SliceContent::of).toList();
  }

  /** Consecutive chunks in input order; one empty chunk for no devices. */
  public static List<List<Device>> split(List<Device> devices) {
    if (devices.isEmpty()) {
      return List.of(List.of());
    }
    int limit = limitFor(devices);
    List<List<Device>> chunks = new ArrayList<>();
    for (int from = 0; from < devices.size(); from += limit) {
      chunks.add(List.copyOf(devices.subList(from, Math.min(devices.size(), from + limit))));
    }
    return List.copyOf(chunks);
  }

  private static boolean notEmpty(List<?> list) {
    return list != null && !list.isEmpty();
  }
}
