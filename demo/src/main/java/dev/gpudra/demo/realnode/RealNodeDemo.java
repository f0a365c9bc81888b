package dev.gpudra.demo.realnode;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.SpecLibrary;
import dev.gpudra.realcluster.controlplane.ControlPlaneBinary;
import dev.gpudra.realcluster.node.NodeTools;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * {@code gpu-dra demo --real-node}: checks the machine first (root, runc, CNI plugins, busybox: one
 * line and nothing run when one is missing), builds what it needs (cached), starts the real control
 * plane, node and plugin, runs every scenario one real node can run, each with the plugin playing
 * the demo node it names, and judges each against its {@code expect.yaml}.
 */
public final class RealNodeDemo {
  private final PrintWriter out;
  private final Path workDir;
  private final SpecLibrary specs;

  public RealNodeDemo(PrintWriter out, Path workDir, SpecLibrary specs) {
    this.out = out;
    this.workDir = workDir;
    this.specs = specs;
  }

  /**
   * @param checkout the repository root (build scripts)
   * @param prebuilt a prebuilt gpu-dra-testcluster ({@code GPU_DRA_TESTCLUSTER}), if any
   * @param image our image: its classpath for the plugin processes, its tar for the node
   * @return true when every scenario that can run on one real node ended as its {@code expect.yaml}
   *     says, and no process of the cluster exited meanwhile
   */
  public boolean run(Path checkout, Optional<Path> prebuilt, PluginImage image)
      throws InterruptedException {
    NodeTools.checkMachine();
    Path testcluster =
        new ControlPlaneBinary(checkout, prebuilt, line -> out.println("  " + line)).locate();
    NodeTools tools = NodeTools.locate(checkout, testcluster, line -> out.println("  " + line));
    try (RealNodeCluster cluster = RealNodeCluster.start(testcluster, tools, image, workDir, out)) {
      RealNodePlan plan = new RealNodePlan(Demo.NODES, image.tar());
      List<DemoSpec> runnable = runnable(plan);
      try {
        return summarize(runnable.size(), run(cluster, plan, runnable));
      } catch (NodeExitedException e) {
        out.printf("%nFAIL: a process of the real-node cluster exited: %s%n", e.getMessage());
        return false;
      }
    }
  }

  /** The scenarios one real node can run, grouped by the node they play; prints the others. */
  private List<DemoSpec> runnable(RealNodePlan plan) {
    List<DemoSpec> runnable = new ArrayList<>();
    for (DemoSpec spec : specs.scenarios()) {
      Optional<String> why = plan.notRunnable(spec);
      why.ifPresent(w -> out.printf("%s: not run on the real node: %s%n", spec.name(), w));
      if (why.isEmpty()) {
        runnable.add(spec);
      }
    }
    runnable.sort(Comparator.comparingInt(s -> Demo.NODES.indexOf(plan.nodeFor(s))));
    return runnable;
  }

  /**
   * Runs each scenario with the plugin playing its node; returns the names of those that failed.
   */
  private List<String> run(RealNodeCluster cluster, RealNodePlan plan, List<DemoSpec> scenarios)
      throws InterruptedException {
    RealNodeScenarios runner = new RealNodeScenarios(cluster, out);
    List<String> failed = new ArrayList<>();
    for (DemoSpec spec : scenarios) {
      cluster.player().play(plan.nodeFor(spec));
      if (!runner.run(spec, plan.onOneNode(spec)).passed()) {
        failed.add(spec.name());
      }
    }
    return failed;
  }

  private boolean summarize(int ran, List<String> failed) {
    out.printf(
        "%n%d scenarios on the real node %s: %d passed, %d failed%s%n",
        ran,
        RealNodeCluster.NODE,
        ran - failed.size(),
        failed.size(),
        failed.isEmpty() ? "" : " (" + String.join(", ", failed) + ")");
    return failed.isEmpty();
  }
}
