package dev.gpudra.demo;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs the demo: start the cluster, run every scenario, clean up, check the outcomes. */
public final class Demo {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
  private final PrintWriter out;
  private final Path workDir;

  public Demo(PrintWriter out, Path workDir) {
    this.out = out;
    this.workDir = workDir;
  }

  /**
   * @return true when every scenario ended as expected
   */
  public boolean run() throws InterruptedException {
    long started = System.nanoTime();
    try (LocalApiServer api = new LocalApiServer().start()) {
      KubernetesClient client = api.client();
      progress("embedded API server on " + api.url(), started);
      Map<String, DemoNode> nodes = new LinkedHashMap<>();
      try {
        nodes.put(Scenarios.H100_NODE, startNode(client, Scenarios.H100_NODE, "dgx-h100", started));
        nodes.put(
            Scenarios.A100_MIG_NODE,
            startNode(client, Scenarios.A100_MIG_NODE, "dgx-a100-mig", started));
        Map<String, List<Device>> published = awaitSlices(client, nodes);
        published.forEach((node, devices) -> describeNode(node, devices));
        List<ScenarioRun.Result> results =
            new ScenarioRun(client, nodes, published, out).runAll(Scenarios.all());
        return summarize(results, started);
      } finally {
        nodes.values().forEach(DemoNode::close);
      }
    }
  }

  private DemoNode startNode(KubernetesClient client, String name, String profile, long started)
      throws InterruptedException {
    DemoNode node = DemoNode.start(client, workDir, name, profile);
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (!node.kubelet.isRegistered("gpu.nvidia.com")) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the plugin on " + name + " never registered");
      }
      Thread.sleep(20);
    }
    progress(
        "node "
            + name
            + ": plugin registered over "
            + node.kubelet.serviceOf("gpu.nvidia.com").map(Object::toString).orElse("?")
            + " ("
            + profile
            + ")",
        started);
    return node;
  }

  private Map<String, List<Device>> awaitSlices(
      KubernetesClient client, Map<String, DemoNode> nodes) throws InterruptedException {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      Map<String, List<Device>> byNode = new LinkedHashMap<>();
      nodes.keySet().forEach(n -> byNode.put(n, new ArrayList<>()));
      for (ResourceSlice s :
          client.dynamicResourceAllocation().v1().resourcesSlices().list().getItems()) {
        byNode.computeIfPresent(
            s.getSpec().getNodeName(),
            (n, l) -> {
              l.addAll(s.getSpec().getDevices());
              return l;
            });
      }
      if (byNode.values().stream().noneMatch(List::isEmpty)) {
        return byNode;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("ResourceSlices were not published in time: " + byNode);
      }
      Thread.sleep(20);
    }
  }

  private void describeNode(String node, List<Device> devices) {
    out.printf(
        "  %s publishes %d devices: %s%n",
        node, devices.size(), String.join(" ", devices.stream().map(Device::getName).toList()));
  }

  private boolean summarize(List<ScenarioRun.Result> results, long started) {
    long unexpected = results.stream().filter(r -> !r.asExpected()).count();
    out.printf(
        "%n%d scenarios, %d as expected, %d not; all claims unprepared, CDI specs removed "
            + "(%.1f s)%n",
        results.size(),
        results.size() - unexpected,
        unexpected,
        (System.nanoTime() - started) / 1e9);
    out.flush();
    return unexpected == 0;
  }

  private void progress(String message, long started) {
    out.printf("[%5.2fs] %s%n", (System.nanoTime() - started) / 1e9, message);
    out.flush();
  }
}
