package dev.gpudra.demo.realnode;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.demo.Demo;
import dev.gpudra.gpu.plugin.GateSettings;
import dev.gpudra.gpu.plugin.GpuKubeletPlugin;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.realcluster.node.NodeLayout;
import dev.gpudra.realcluster.node.NodePlugin;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The GPU kubelet plugin in this JVM, configured as {@link NodePlugin} runs it as a process (the
 * node's kubelet and CDI directories, the flags' defaults, the demo node's profile and gates), for
 * a scenario whose GPUs report XIDs: its simulated NVML is this JVM's, so the demo can have a GPU
 * report one, as NVIDIA's driver would.
 */
final class InJvmPlugin implements AutoCloseable {
  private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(60);

  private final GpuKubeletPlugin plugin;

  private InJvmPlugin(GpuKubeletPlugin plugin) {
    this.plugin = plugin;
  }

  /**
   * Starts it and waits until the node's kubelet has registered it.
   *
   * @throws NodeExitedException the kubelet did not register it in time
   */
  static InJvmPlugin start(
      RealNode node, KubernetesClient client, Path kubeconfig, Demo.NodeSpec spec)
      throws InterruptedException {
    InJvmPlugin started =
        new InJvmPlugin(GpuKubeletPlugin.start(config(node, client, kubeconfig, spec), client));
    try {
      if (!started.plugin.kit().registration().awaitRegistered(REGISTRATION_TIMEOUT)) {
        throw new NodeExitedException(
            "the kubelet did not register the GPU kubelet plugin (in the demo's JVM) within "
                + REGISTRATION_TIMEOUT.toSeconds()
                + " s");
      }
      return started;
    } catch (RuntimeException | InterruptedException e) {
      started.close();
      throw e;
    }
  }

  /** What {@code gpu-kubelet-plugin} makes of {@link NodePlugin}'s flags, built directly. */
  static GpuPluginConfig config(
      RealNode node, KubernetesClient client, Path kubeconfig, Demo.NodeSpec spec) {
    NodeLayout layout = node.layout();
    return new GpuPluginConfig(
        node.nodeName(),
        client.getNamespace() == null ? "default" : client.getNamespace(),
        Optional.of(kubeconfig),
        layout.cdiDir(),
        layout.registrarDir(),
        layout.pluginsDir(),
        Path.of("/driver-root"),
        Path.of("/"),
        "/usr/bin/nvidia-cdi-hook",
        FeatureGates.parse(spec.featureGates()),
        -1,
        Optional.empty(),
        "/metrics",
        Optional.of(spec.profile()),
        GateSettings.DEFAULTS
            .withImageName(NodePlugin.MPS_IMAGE)
            .withConsumableShares(ConsumableShares.parse(spec.consumableShares())));
  }

  /**
   * The simulated GPU behind {@code device} reports an XID on the whole GPU.
   *
   * @throws IllegalArgumentException for a device the plugin does not publish
   */
  void injectXid(String device, long xid) {
    SimulatedNvml gpus = (SimulatedNvml) plugin.parts().gpus().nvml();
    gpus.injectXid(
        plugin
            .parts()
            .inventory()
            .device(device)
            .orElseThrow(() ->
                new IllegalArgumentException(
                    "gpu-events.yaml: the real node's plugin has no device " + device))
            .gpu(),
        xid);
  }

  @Override
  public void close() {
    plugin.close();
  }
}
