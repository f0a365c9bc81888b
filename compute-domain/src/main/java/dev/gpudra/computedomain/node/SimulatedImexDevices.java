package dev.gpudra.computedomain.node;

import dev.gpudra.kit.cdi.DeviceNode;

/**
 * IMEX device numbers on a simulated node, where no NVIDIA driver registers any: majors from the
 * experimental/local range no real driver hands out, the capability at minor 1 as on GB200 nodes.
 */
public final class SimulatedImexDevices implements ImexDevices {
  public static final int CHANNELS_MAJOR = 241;
  public static final int CAPS_MAJOR = 240;
  public static final int MGMT_MINOR = 1;

  @Override
  public DeviceNode channel(int id) {
    if (id < 0 || id >= CHANNELS) {
      throw new ImexDeviceException("IMEX channel " + id + " is outside 0.." + (CHANNELS - 1));
    }
    return DeviceNode.charDevice(CHANNEL_DIR + "/channel" + id, CHANNELS_MAJOR, id);
  }

  @Override
  public DeviceNode fabricManagement() {
    return DeviceNode.charDevice(
        "/dev/nvidia-caps/nvidia-cap" + MGMT_MINOR, CAPS_MAJOR, MGMT_MINOR);
  }
}
