package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The classic device plugin as a process of its own, for tests that cap its heap: {@code <config
 * file> <kubelet.sock> <profile> <work dir>}. Loads the file as the plugin does, serves simulated
 * GPUs, registers with the kubelet at the socket, prints {@link #READY}, and serves until its
 * standard input closes.
 */
final class DevicePluginProcess {
  static final String READY = "device-plugin-process: registered";

  private DevicePluginProcess() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: <config file> <kubelet.sock> <profile> <work dir>");
      System.exit(2);
    }
    DevicePluginConfig config =
        new ConfigLoader().load(Optional.of(Path.of(args[0])), Map.of(), Map.of());
    Path dir = Path.of(args[3]);
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(args[2]), "node-a");
        UnixSocketTransport transport = new UnixSocketTransport(2)) {
      PluginNode node =
          PluginNode.open(
              config,
              nvml,
              new PluginNode.Setup(
                  true, dir.resolve("cdi"), dir.resolve("sys"), dir.resolve("proc")));
      try (DevicePluginServers servers =
          DevicePluginServers.start(
              config,
              node.resources(),
              node.devices(),
              new KubeletSockets(Path.of(args[1]), transport, transport))) {
        System.out.println(READY);
        System.out.flush();
        while (System.in.read() != -1) {
          // serve until the test closes our input
        }
      }
    }
  }
}
