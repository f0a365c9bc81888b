package dev.gpudra.demo.operator;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.demo.DemoNode;
import dev.gpudra.gpu.plugin.GateSettings;
import dev.gpudra.gpu.plugin.GpuDriverParts;
import dev.gpudra.gpu.plugin.GpuKubeletPlugin;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.testsupport.kernel.TmpfsStandIn;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The demo node's runtime for the operator's DRA driver: a pod of the DaemonSet {@code
 * nvidia-dra-driver-kubelet-plugin} starts its {@code gpus} container as our GPU kubelet plugin in
 * this process, with the container's {@code SIMULATED_GPUS} and {@code FEATURE_GATES} and the
 * node's directories (a real kubelet would mount them as the pod's host paths); the container is
 * Ready once the kubelet stand-in has registered the plugin; stopping the pod stops the plugin.
 * Other pods run nothing.
 */
final class PluginPodRuntime implements PodRuntime {
  static final String DAEMON_SET = "nvidia-dra-driver-kubelet-plugin";
  private static final String CONTAINER = "gpus";
  private static final String DRIVER = "gpu.nvidia.com";

  private final String node;
  private final Path dir;
  private final KubernetesClient client;
  private final KubeletStandIn kubelet;
  private final FieldSelectors selectors;
  private final Map<String, GpuKubeletPlugin> running = new ConcurrentHashMap<>();

  PluginPodRuntime(
      String node,
      Path dir,
      KubernetesClient client,
      KubeletStandIn kubelet,
      FieldSelectors selectors) {
    this.node = node;
    this.dir = dir;
    this.client = client;
    this.kubelet = kubelet;
    this.selectors = selectors;
  }

  @Override
  public void start(Pod pod, RunningPod started) {
    Optional<Container> gpus = gpusContainer(pod);
    if (gpus.isEmpty()) {
      return;
    }
    String profile =
        env(gpus.get(), "SIMULATED_GPUS")
            .orElseThrow(() ->
                new IllegalStateException(
                    "the demo's nodes have simulated GPUs only: the DRA driver's gpus container"
                        + " needs SIMULATED_GPUS (spec.draDriver.gpus.kubeletPlugin.env)"));
    FeatureGates gates = FeatureGates.parse(env(gpus.get(), "FEATURE_GATES").orElse(""));
    GpuPluginConfig config =
        new GpuPluginConfig(
            node,
            pod.getMetadata().getNamespace(),
            Optional.empty(),
            dir.resolve("cdi"),
            dir.resolve("plugins_registry"),
            dir.resolve("plugins"),
            dir.resolve("driver-root"),
            dir.resolve("driver-root"),
            "/usr/bin/nvidia-cdi-hook",
            gates,
            -1,
            Optional.empty(),
            "/metrics",
            Optional.of(profile),
            GateSettings.DEFAULTS);
    running.put(
        started.uid(),
        GpuKubeletPlugin.start(
            config,
            client,
            PublisherSettings.defaults().withSelectors(selectors),
            GpuDriverParts.Hooks.defaults()
                .withBootIdFile(DemoNode.bootId(dir))
                .withTmpfs(new TmpfsStandIn())));
  }

  @Override
  public boolean ready(RunningPod pod, String container) {
    return !running.containsKey(pod.uid())
        || !CONTAINER.equals(container)
        || kubelet.isRegistered(DRIVER);
  }

  @Override
  public void stop(RunningPod pod) {
    GpuKubeletPlugin plugin = running.remove(pod.uid());
    if (plugin != null) {
      plugin.close();
    }
  }

  private static Optional<Container> gpusContainer(Pod pod) {
    boolean ours =
        pod.getMetadata().getOwnerReferences() != null
            && pod.getMetadata().getOwnerReferences().stream()
                .anyMatch(o -> "DaemonSet".equals(o.getKind()) && DAEMON_SET.equals(o.getName()));
    if (!ours) {
      return Optional.empty();
    }
    return pod.getSpec().getContainers().stream()
        .filter(c -> CONTAINER.equals(c.getName()))
        .findFirst();
  }

  private static Optional<String> env(Container container, String name) {
    return container.getEnv().stream()
        .filter(e -> name.equals(e.getName()))
        .map(EnvVar::getValue)
        .filter(v -> v != null && !v.isBlank())
        .findFirst();
  }
}
