package dev.gpudra.computedomain.node;

import dev.gpudra.kit.cdi.DeviceNode;

/**
 * The character devices IMEX needs: a workload's channels {@code
 * /dev/nvidia-caps-imex-channels/channel<N>} and the daemon's {@code fabric-imex-mgmt} capability
 * {@code /dev/nvidia-caps/nvidia-cap<minor>}. The runtime creates them in the container from their
 * numbers, as NVIDIA's plugin has it do.
 */
public interface ImexDevices {
  /** How many channels the driver provides (NVIDIA's plugin assumes 2048). */
  int CHANNELS = 2048;

  String CHANNEL_DIR = "/dev/nvidia-caps-imex-channels";

  /**
   * @throws ImexDeviceException when the driver does not provide IMEX channels
   */
  DeviceNode channel(int id);

  /**
   * @throws ImexDeviceException when the driver does not provide the capability
   */
  DeviceNode fabricManagement();
}
