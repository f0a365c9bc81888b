package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.NvmlNotSupportedException;
import dev.gpudra.nvml.Placement;
import java.util.ArrayList;
import java.util.List;

/**
 * The MIG state of one simulated GPU: its mode and the MIG devices on it, created and destroyed as
 * NVML would (GI IDs reused from the lowest free one, CI 0, a fresh UUID each time, placements that
 * must not overlap). Thread-safe.
 */
final class SimulatedMig {
  /** {@code NVML_ERROR_INSUFFICIENT_RESOURCES}. */
  private static final int INSUFFICIENT_RESOURCES = 23;

  /** {@code NVML_ERROR_IN_USE}. */
  private static final int IN_USE = 19;

  private final SimulatedGpu gpu;
  private final DeviceIdentities ids;
  private MigMode mode;
  private final List<MigDevice> devices;
  private long created;

  SimulatedMig(SimulatedGpu gpu, DeviceIdentities ids) {
    this.gpu = gpu;
    this.ids = ids;
    this.mode = gpu.info().migMode();
    this.devices = new ArrayList<>(gpu.migDevices());
  }

  /** Its mode, devices and creation count, for {@link SimulatedState}. */
  synchronized SimulatedState.Gpu snapshot(GpuSettings settings) {
    return new SimulatedState.Gpu(
        settings.computeMode(),
        settings.timeSlice(),
        settings.persistenceMode(),
        mode,
        devices.stream()
            .map(d ->
                new SimulatedState.Mig(
                    d.gpuInstanceId(),
                    d.computeInstanceId(),
                    d.uuid(),
                    d.profile().id(),
                    d.placement().start(),
                    d.placement().size()))
            .toList(),
        created);
  }

  /** Back to what a snapshot says; devices of a profile the model does not have are dropped. */
  synchronized void restore(SimulatedState.Gpu state) {
    mode = state.migMode();
    created = state.created();
    devices.clear();
    for (SimulatedState.Mig mig : state.migDevices()) {
      gpu.group().model().migProfiles().stream()
          .filter(p -> p.id() == mig.profileId())
          .findFirst()
          .ifPresent(p ->
              devices.add(
                  new MigDevice(
                      mig.gpuInstanceId(),
                      mig.computeInstanceId(),
                      mig.uuid(),
                      p,
                      new Placement(mig.start(), mig.size()),
                      p.resources())));
    }
  }

  synchronized MigMode mode() {
    return mode;
  }

  synchronized List<MigDevice> devices() {
    return mode == MigMode.ENABLED ? List.copyOf(devices) : List.of();
  }

  synchronized void setMode(boolean enabled) {
    GpuInfo info = gpu.info();
    if (!info.migCapable()) {
      throw new NvmlNotSupportedException("simulated GPU " + info.uuid() + " has no MIG");
    }
    MigMode wanted = enabled ? MigMode.ENABLED : MigMode.DISABLED;
    if (wanted == mode) {
      return;
    }
    if (!info.architecture().togglesMigWithoutReset()) {
      throw new NvmlException(
          "simulated GPU "
              + info.uuid()
              + " ("
              + info.architecture().label()
              + ") needs a reset"
              + " for a MIG mode change",
          -1);
    }
    if (!enabled && !devices.isEmpty()) {
      throw new NvmlException(
          "simulated GPU " + info.uuid() + " still has " + devices.size() + " MIG devices", IN_USE);
    }
    mode = wanted;
  }

  synchronized MigDevice create(MigProfile profile, Placement placement) {
    GpuInfo info = gpu.info();
    if (mode != MigMode.ENABLED) {
      throw new NvmlException("simulated GPU " + info.uuid() + " is not in MIG mode", -1);
    }
    MigProfile known =
        gpu.group().model().migProfiles().stream()
            .filter(p -> p.id() == profile.id())
            .findFirst()
            .orElseThrow(() ->
                new NvmlNotFoundException(
                    "simulated GPU " + info.uuid() + " has no MIG profile ID " + profile.id()));
    if (!known.placements().contains(placement)) {
      throw new NvmlException(
          "profile " + known.name() + " cannot be placed at " + placement, INSUFFICIENT_RESOURCES);
    }
    for (MigDevice device : devices) {
      if (overlap(device.placement(), placement)) {
        throw new NvmlException(
            "placement "
                + placement
                + " overlaps GI "
                + device.gpuInstanceId()
                + " at "
                + device.placement(),
            INSUFFICIENT_RESOURCES);
      }
    }
    int gi = freeInstanceId();
    MigDevice device =
        new MigDevice(
            gi,
            0,
            ids.createdMigUuid(info.index(), ++created),
            known,
            placement,
            known.resources());
    devices.add(device);
    return device;
  }

  synchronized void destroy(int gpuInstanceId, int computeInstanceId) {
    boolean removed =
        devices.removeIf(
            d -> d.gpuInstanceId() == gpuInstanceId && d.computeInstanceId() == computeInstanceId);
    if (!removed) {
      throw new NvmlNotFoundException(
          "simulated GPU "
              + gpu.info().uuid()
              + " has no GI "
              + gpuInstanceId
              + " / CI "
              + computeInstanceId);
    }
  }

  private int freeInstanceId() {
    int id = 1;
    while (true) {
      int candidate = id;
      if (devices.stream().noneMatch(d -> d.gpuInstanceId() == candidate)) {
        return candidate;
      }
      id++;
    }
  }

  private static boolean overlap(Placement a, Placement b) {
    return a.start() < b.start() + b.size() && b.start() < a.start() + a.size();
  }
}
