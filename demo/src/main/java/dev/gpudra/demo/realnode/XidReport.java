package dev.gpudra.demo.realnode;

import dev.gpudra.demo.GpuEvents;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.realcluster.node.NodeLayout;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * How the demo has a GPU of the plugin process report an XID, as NVIDIA's driver would: a line
 * {@code <gpu-uuid> <xid>} appended to the inbox of the plugin's simulated NVML, beside the state
 * file in the plugin's data directory; the plugin's health monitor reads it while it waits for
 * events.
 *
 * @param inbox the inbox file
 */
record XidReport(Path inbox) {
  /** The inbox of the plugin that runs on this node layout's plugins directory. */
  static XidReport of(NodeLayout layout) {
    Path state =
        layout
            .pluginsDir()
            .resolve(GpuPluginConfig.DRIVER_NAME)
            .resolve(NvmlFactory.SIMULATED_STATE);
    return new XidReport(SimulatedNvml.xidInbox(state));
  }

  /**
   * Appends the XID for the GPU behind the device the slices publish as {@code xid.device()}.
   *
   * @throws IllegalArgumentException the slices publish no such device, or it has no UUID
   */
  void inject(List<ResourceSlice> slices, GpuEvents.Xid xid) {
    String recovery = xid.action().map(a -> " recovery=" + a.label()).orElse("");
    String line = uuid(slices, xid.device()) + " " + xid.xid() + recovery + "\n";
    try {
      Files.writeString(inbox, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to the simulated XID inbox " + inbox, e);
    }
  }

  /** Removes the inbox, once its plugin has stopped. */
  void remove() {
    try {
      Files.deleteIfExists(inbox);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the simulated XID inbox " + inbox, e);
    }
  }

  /** The {@code uuid} attribute of the device named {@code device} in the slices. */
  static String uuid(List<ResourceSlice> slices, String device) {
    return slices.stream()
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> d.getName().equals(device))
        .findFirst()
        .flatMap(d -> Optional.ofNullable(d.getAttributes()).map(a -> a.get("uuid")))
        .map(DeviceAttribute::getString)
        .orElseThrow(() ->
            new IllegalArgumentException(
                "gpu-events.yaml: the real node's plugin publishes no device "
                    + device
                    + " with a uuid attribute"));
  }
}
