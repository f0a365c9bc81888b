package dev.gpudra.demo.operator;

import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.PodSync;
import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;

/**
 * A simulated GPU node with no GPU plugin of its own: NFD's NVIDIA PCI label and a kubelet stand-in
 * whose pods the {@link PluginPodRuntime} runs, so the GPU plugin runs only once the operator's
 * DaemonSet puts its pod here, as on a node of a cluster the operator manages.
 */
final class OperandNode implements AutoCloseable {
  static final String NVIDIA_PCI = "feature.node.kubernetes.io/pci-10de.present";

  private final String name;
  private final KubeletStandIn kubelet;
  private final PodSync pods;

  private OperandNode(String name, KubeletStandIn kubelet, PodSync pods) {
    this.name = name;
    this.kubelet = kubelet;
    this.pods = pods;
  }

  /** Registers the Node (Ready, NFD's label) and starts its kubelet stand-in and pod sync. */
  static OperandNode start(
      KubernetesClient client, FieldSelectors selectors, Path dir, String name) {
    KubeletStandIn kubelet =
        new KubeletStandIn(
            StandInConfig.of(dir.resolve("plugins_registry"), name).withSelectors(selectors),
            client);
    kubelet.start();
    client
        .nodes()
        .withName(name)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"metadata\":{\"labels\":{\"" + NVIDIA_PCI + "\":\"true\"}}}");
    PodSync pods =
        new PodSync(
            name,
            client,
            kubelet,
            Clock.systemUTC(),
            new PluginPodRuntime(name, dir, client, kubelet, selectors));
    pods.start();
    return new OperandNode(name, kubelet, pods);
  }

  String name() {
    return name;
  }

  /** Whether the kubelet stand-in has registered the GPU plugin. */
  boolean pluginRegistered() {
    return kubelet.isRegistered("gpu.nvidia.com");
  }

  Optional<RunningPod> running(String namespace, String pod) {
    return pods.running(namespace, pod);
  }

  Optional<String> failure(String namespace, String pod) {
    return pods.failure(namespace, pod);
  }

  @Override
  public void close() {
    pods.close();
    kubelet.close();
  }
}
