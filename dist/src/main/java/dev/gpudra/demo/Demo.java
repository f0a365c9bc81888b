package dev.gpudra.demo;

import dev.gpudra.deviceclasses.allocation.Allocator;
import dev.gpudra.deviceclasses.cel.DeviceSelectorEnv;
import dev.gpudra.deviceclasses.cel.SelectorEnvOptions;
import dev.gpudra.deviceclasses.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.scheduler.PodPlacement;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the demo: start the cluster (API server, DeviceClasses, two GPU nodes, the scheduler
 * stand-in), apply every {@code demo/specs} scenario, show how each pod ended, delete the pods and
 * check that every claim was unprepared.
 */
public final class Demo {
  static final List<NodeSpec> NODES =
      List.of(new NodeSpec("gpu-node-1", "dgx-h100"), new NodeSpec("gpu-node-2", "dgx-a100-mig"));

  private final PrintWriter out;
  private final Path workDir;
  private final SpecLibrary specs;
  private final long started = System.nanoTime();

  public Demo(PrintWriter out, Path workDir, SpecLibrary specs) {
    this.out = out;
    this.workDir = workDir;
    this.specs = specs;
  }

  /** A simulated node: its name and GPU profile. */
  record NodeSpec(String name, String profile) {}

  /** What happens once every scenario ran. */
  public enum AfterRun {
    /** Delete the pods, check that every claim was unprepared, stop. */
    CLEAN_UP,
    /** Leave the cluster and its pods up, print a kubeconfig, wait until the process is stopped. */
    KEEP_RUNNING
  }

  /**
   * @return true when every scenario ended as its {@code expect.yaml} says
   */
  public boolean run() throws InterruptedException {
    return run(AfterRun.CLEAN_UP);
  }

  /**
   * @return true when every scenario ended as its {@code expect.yaml} says
   */
  public boolean run(AfterRun after) throws InterruptedException {
    try (LocalCluster cluster = start()) {
      List<DemoSpec> scenarios = specs.scenarios();
      progress(scenarios.size() + " scenarios from " + specs.location());
      ScenarioRun runner = new ScenarioRun(cluster.client(), cluster.nodes(), cluster.scheduler());
      ReportPrinter printer = new ReportPrinter(out);
      List<String> failed = new ArrayList<>();
      for (DemoSpec spec : scenarios) {
        Map<String, PodReport> pods = runner.run(spec);
        List<String> problems =
            ExpectationCheck.problems(spec.expectation(), pods, cluster.slices());
        printer.scenario(spec, pods, problems);
        if (!problems.isEmpty()) {
          failed.add(spec.name());
        }
      }
      out.println();
      if (after == AfterRun.KEEP_RUNNING) {
        keepRunning(cluster, scenarios.size(), failed);
      }
      progress("deleting every pod");
      String cleanup =
          cluster.deletePodsAndAwaitUnprepare(scenarios.stream().map(DemoSpec::name).toList());
      progress(cleanup);
      return summarize(scenarios.size(), failed, cleanup);
    }
  }

  /** Starts the API server, installs the DeviceClasses, starts the nodes and the scheduler. */
  LocalCluster start() throws InterruptedException {
    LocalApiServer api = new LocalApiServer().start();
    progress("embedded API server on " + api.url());
    KubernetesClient client = api.client();
    List<DeviceClass> classes =
        new DeviceClassFactory().deviceClasses(DeviceClassOptions.allDrivers());
    classes.forEach(c -> client.resource(c).create());
    progress(
        "installed DeviceClasses "
            + String.join(" ", classes.stream().map(c -> c.getMetadata().getName()).toList()));
    Map<String, DemoNode> nodes = new LinkedHashMap<>();
    LocalCluster cluster = new LocalCluster(api, nodes, this::progress);
    try {
      for (NodeSpec node : NODES) {
        progress("starting node " + node.name() + " (" + node.profile() + ")...");
        nodes.put(node.name(), cluster.startNode(workDir, node));
      }
      cluster.awaitSlices(out);
      cluster.startScheduler(
          new PodPlacement(
              new Allocator(
                  new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults())))));
      progress("scheduler stand-in running (allocator: device-classes, CEL selectors)");
      return cluster;
    } catch (RuntimeException | InterruptedException e) {
      cluster.close();
      throw e;
    }
  }

  private void keepRunning(LocalCluster cluster, int total, List<String> failed)
      throws InterruptedException {
    Path kubeconfig = cluster.writeKubeconfig(workDir.resolve("kubeconfig"));
    out.printf(
        "%d scenarios, %d as expected. The cluster stays up; press Ctrl-C to stop it.%n"
            + "  export KUBECONFIG=%s%n"
            + "  kubectl get resourceslices,resourceclaims,pods -A%n"
            + "  ./gpu-dra explain --kubeconfig %s -f demo/specs/nine-gpus/nine-gpus.yaml%n",
        total, total - failed.size(), kubeconfig, kubeconfig);
    out.flush();
    new java.util.concurrent.CountDownLatch(1).await();
  }

  private boolean summarize(int total, List<String> failed, String cleanup) {
    boolean clean = cleanup.startsWith("all claims unprepared");
    out.printf(
        "%n%d scenarios, %d as expected, %d not%s; %s (%.1f s)%n",
        total,
        total - failed.size(),
        failed.size(),
        failed.isEmpty() ? "" : " " + failed,
        clean ? "every CDI spec removed" : "CLEANUP FAILED",
        (System.nanoTime() - started) / 1e9);
    out.flush();
    return failed.isEmpty() && clean;
  }

  private void progress(String message) {
    out.printf("[%5.2fs] %s%n", (System.nanoTime() - started) / 1e9, message);
    out.flush();
  }
}
