package dev.gpudra.deviceplugin.server;

import java.util.List;

/** How one resource answers GetPreferredAllocation for a container. */
interface DevicePreference {
  /**
   * The preferred {@code size} of {@code available}, holding {@code mustInclude}.
   *
   * @throws AllocateRefusedException when an ID is not one of the resource's devices
   */
  List<String> choose(List<String> available, List<String> mustInclude, int size);
}
