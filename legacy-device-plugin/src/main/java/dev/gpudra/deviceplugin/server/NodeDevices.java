package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What Allocate needs from the node beyond the config.
 *
 * @param present whether a device node (a container path such as {@code /dev/nvidia-uvm}) is on the
 *     node, for {@code passDeviceSpecs}
 * @param devicePaths a device's own nodes ({@code /dev/nvidia3}; a MIG device's parent node and its
 *     two {@code nvidia-caps} nodes), for {@code passDeviceSpecs}
 * @param responseIds the IDs of {@code cdi-annotations} keys (random UUIDs, as NVIDIA's)
 * @param imexChannels the IMEX channels every container with a device gets ({@code imex.channelIDs}
 *     that are on the node)
 */
public record NodeDevices(
    Predicate<String> present,
    Function<AdvertisedDevice, List<String>> devicePaths,
    Supplier<String> responseIds,
    List<Integer> imexChannels) {
  public NodeDevices {
    imexChannels = List.copyOf(imexChannels);
  }

  /** The device node of IMEX channel {@code id}. */
  public static String imexChannelPath(int id) {
    return "/dev/nvidia-caps-imex-channels/channel" + id;
  }
}
