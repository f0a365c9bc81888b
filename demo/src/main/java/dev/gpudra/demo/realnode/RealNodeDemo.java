package dev.gpudra.demo.realnode;

import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.SpecLibrary;
import dev.gpudra.localcluster.controlplane.ControlPlaneBinary;
import dev.gpudra.localcluster.node.NodeTools;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code gpu-dra demo --real-node}: checks the machine first (root, runc, CNI plugins, busybox: one
 * line and nothing run when one is missing), builds what it needs (cached), starts the real control
 * plane, node and plugin, and runs every scenario there.
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
   * @param imageClasspath the image's classpath, for the plugin process
   * @return true when every pod reported, or was refused by kube-scheduler
   */
  public boolean run(Path checkout, Optional<Path> prebuilt, String imageClasspath)
      throws InterruptedException {
    NodeTools.checkMachine();
    Path testcluster =
        new ControlPlaneBinary(checkout, prebuilt, line -> out.println("  " + line)).locate();
    NodeTools tools = NodeTools.locate(checkout, testcluster, line -> out.println("  " + line));
    try (RealNodeCluster cluster =
        RealNodeCluster.start(testcluster, tools, imageClasspath, workDir, out)) {
      List<DemoSpec> scenarios =
          specs.scenarios().stream()
              .filter(s -> !s.needsComputeDomains() && !s.migrates())
              .toList();
      specs.scenarios().stream()
          .filter(DemoSpec::migrates)
          .forEach(s ->
              out.printf(
                  "%s: not run on the real node, which runs the GPU plugin alone (the device"
                      + " plugin on a real node: RealNodeDevicePluginE2E)%n",
                  s.name()));
      specs.scenarios().stream()
          .filter(DemoSpec::needsComputeDomains)
          .forEach(s ->
              out.printf(
                  "%s: not run on the real node, which runs the GPU plugin alone (ComputeDomains"
                      + " on a real node: RealNodeComputeDomainE2E)%n",
                  s.name()));
      boolean ok = new RealNodeScenarios(cluster.client(), cluster.node(), out).run(scenarios);
      out.printf(
          "%n%d scenarios on the real node %s: %s%n",
          scenarios.size(),
          RealNodeCluster.NODE,
          ok
              ? "every pod reported what its containers saw, or was refused by kube-scheduler"
              : "some pods did not report (see above)");
      return ok;
    }
  }
}
