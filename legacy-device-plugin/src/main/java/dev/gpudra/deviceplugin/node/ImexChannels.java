package dev.gpudra.deviceplugin.node;

import dev.gpudra.deviceplugin.cdi.SpecFile;
import dev.gpudra.deviceplugin.config.Imex;
import dev.gpudra.deviceplugin.server.NodeDevices;
import dev.gpudra.kit.cdi.CdiDevice;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The IMEX channels {@code imex.channelIDs} asks for that the node has ({@code
 * /dev/nvidia-caps-imex-channels/channel<N>}); a missing one is an error with {@code
 * imex.required}, otherwise left out with a warning, as NVIDIA's plugin does.
 */
record ImexChannels(Imex imex, DeviceNodeLocator nodes) {
  private static final Logger log = LoggerFactory.getLogger(ImexChannels.class);

  /**
   * @throws ImexChannelMissingException a required channel is not on the node
   */
  List<Integer> present() {
    List<Integer> present = new ArrayList<>();
    for (int id : imex.channelIds()) {
      String path = NodeDevices.imexChannelPath(id);
      if (nodes.locate(path).isPresent()) {
        present.add(id);
      } else if (imex.required()) {
        throw new ImexChannelMissingException(
            "imex.required: IMEX channel " + id + " is not on the node (" + path + ")");
      } else {
        log.warn("IMEX channel {} is not on the node ({}): containers get none", id, path);
      }
    }
    return List.copyOf(present);
  }

  /** The IMEX channel spec: one device per channel, named by its ID. */
  Optional<Path> writeSpec(List<Integer> channels, Path cdiRoot) {
    if (channels.isEmpty()) {
      return Optional.empty();
    }
    SpecFile file = SpecFile.imexChannels(cdiRoot);
    List<CdiDevice> devices = new ArrayList<>();
    for (int id : channels) {
      DeviceNode node = nodes.locate(NodeDevices.imexChannelPath(id)).orElseThrow();
      devices.add(
          new CdiDevice(
              String.valueOf(id),
              new ContainerEdits(List.of(), List.of(node), List.of(), List.of())));
    }
    return Optional.of(file.write(file.spec(ContainerEdits.none(), devices)));
  }
}
