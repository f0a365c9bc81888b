package dev.gpudra.deviceplugin.node;

import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.MigCapsResolver;
import java.util.ArrayList;
import java.util.List;

/**
 * A device's own device nodes: a whole GPU's {@code /dev/nvidia<minor>}; a MIG device's parent node
 * and its GPU-instance and compute-instance {@code nvidia-caps} nodes.
 */
record DevicePaths(MigCapsResolver caps) {
  List<String> of(AdvertisedDevice device) {
    List<String> paths = new ArrayList<>();
    paths.add("/dev/nvidia" + device.gpu().minor());
    device
        .mig()
        .ifPresent(m ->
            caps
                .resolve(
                    device.gpu().minor(),
                    m.device().gpuInstanceId(),
                    m.device().computeInstanceId())
                .deviceNodes()
                .stream()
                .map(DeviceNode::path)
                .forEach(paths::add));
    return paths;
  }
}
