package dev.gpudra.demo;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.cel.SelectorFeature;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.scheduler.PodPlacement;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Runs the demo: start the cluster (a control plane, DeviceClasses, five GPU nodes), apply every
 * {@code demo/specs} scenario, show how each pod ended and whether the scheduler decided as our
 * allocator predicted, delete the pods and check that every claim was unprepared.
 */
public final class Demo {
  /**
   * The gates of the ComputeDomain controller and of every demo node's compute-domain plugin: a
   * channel's pod binds once the node's IMEX daemon is ready.
   */
  static final String DOMAIN_GATES = "ComputeDomainBindingConditions=true";

  /**
   * gpu-node-3's modes: MIG devices on demand and passthrough, told apart by compatibility groups
   * (Kubernetes 1.37, {@link #CONTROL_PLANE_GATES}).
   */
  private static final String MIG_OR_VM =
      "DynamicMIG=true,PassthroughSupport=true,DeviceCompatibilityGroups=true";

  /**
   * What a real control plane of the demo turns on beyond its defaults: compatibility groups, alpha
   * in Kubernetes 1.37, for gpu-node-3.
   */
  public static final List<String> CONTROL_PLANE_GATES =
      List.of("--feature-gates=DRADeviceCompatibilityGroups=true");

  /** The gates of every demo node. */
  private static final String EVERY_NODE =
      "TimeSlicingSettings=true,ClaimDeviceStatus=true," + DOMAIN_GATES;

  /**
   * The demo's nodes, in order, with the plugin's feature gates the scenarios show (off by default
   * in the chart, as in NVIDIA's): the H100s' and A100s' health is watched, and the H100s may be
   * shared through MPS (each claim's control daemon a Deployment the node runs); gpu-node-3's
   * GB200s make MIG devices on demand (DynamicMIG, which excludes the health monitor) or go to VMs
   * whole (PassthroughSupport), told apart by compatibility groups; the L40Ss are shared by memory
   * through consumable capacity (ConsumableShares, {@code --consumable-shares=memory}): a claim
   * that asks no amount takes a GPU's whole memory, so every scenario may land there; the T4s can
   * be passed through to VMs (PassthroughSupport, on a PCI sysfs stand-in). The A100s' and T4s'
   * containers read their devices' metadata from a file (DeviceMetadata). Every node sets time
   * slices and shows prepared devices in their claims' {@code status.devices}.
   */
  public static final List<NodeSpec> NODES =
      List.of(
          new NodeSpec(
              "gpu-node-1", "dgx-h100", EVERY_NODE + ",MPSSupport=true,NVMLDeviceHealthCheck=true"),
          new NodeSpec(
              "gpu-node-2",
              "dgx-a100-mig",
              EVERY_NODE + ",NVMLDeviceHealthCheck=true,DeviceMetadata=true"),
          new NodeSpec("gpu-node-3", "gb200-nvl", EVERY_NODE + "," + MIG_OR_VM),
          new NodeSpec("gpu-node-4", "l40s", EVERY_NODE + ",ConsumableShares=true", "memory"),
          new NodeSpec(
              "gpu-node-5", "t4", EVERY_NODE + ",PassthroughSupport=true,DeviceMetadata=true"),
          new NodeSpec("gpu-node-6", "gb200-nvl", EVERY_NODE));

  /**
   * The node that runs our classic device plugin instead of the DRA driver, for the workloads of
   * before {@code gpu-dra migrate}.
   */
  public static final String PLUGIN_NODE = "gpu-node-dp";

  /** The GPUs of {@link #PLUGIN_NODE}. */
  public static final String PLUGIN_NODE_PROFILE = "t4";

  /** The namespace the simulated nodes' plugins run in (the chart's default). */
  static final String DRIVER_NAMESPACE = "gpu-dra";

  /**
   * {@code gpu-dra explain} as the demo's allocator decides: selectors may read {@code
   * device.allowMultipleAllocations}.
   */
  private static final String EXPLAIN = "./gpu-dra explain %s--consumable-capacity -f %s";

  private final PrintWriter out;
  private final Path workDir;
  private final SpecLibrary specs;
  private final ClusterBackend.Starter backend;
  private final List<NodeSpec> nodes;
  private final long started = System.nanoTime();

  /** The demo on the embedded API server and our scheduler stand-in. */
  public Demo(PrintWriter out, Path workDir, SpecLibrary specs) {
    this(out, workDir, specs, dir -> EmbeddedBackend.start(placement()));
  }

  /** The demo on a backend of the caller's choice (a real control plane). */
  public Demo(PrintWriter out, Path workDir, SpecLibrary specs, ClusterBackend.Starter backend) {
    this(out, workDir, specs, backend, NODES);
  }

  /**
   * @param nodes the simulated nodes ({@code --nodes}; {@link #NODES} by default)
   */
  public Demo(
      PrintWriter out,
      Path workDir,
      SpecLibrary specs,
      ClusterBackend.Starter backend,
      List<NodeSpec> nodes) {
    this.out = out;
    this.workDir = workDir;
    this.specs = specs;
    this.backend = backend;
    this.nodes = List.copyOf(nodes);
  }

  /**
   * {@code --nodes}: {@code <profile>:<count>,...}, e.g. {@code gb200-nvl:4,dgx-h100:1}; named
   * {@code gpu-node-1} on, each with TimeSlicingSettings (the other gates need the default nodes).
   *
   * @throws IllegalArgumentException naming the entry that is not {@code <profile>:<count>}
   */
  public static List<NodeSpec> parseNodes(String value) {
    List<NodeSpec> parsed = new java.util.ArrayList<>();
    for (String entry : value.split(",")) {
      String[] parts = entry.strip().split(":");
      int count;
      try {
        count = parts.length == 2 ? Integer.parseInt(parts[1]) : -1;
      } catch (NumberFormatException e) {
        count = -1;
      }
      if (parts.length != 2 || parts[0].isBlank() || count < 1 || count > 64) {
        throw new IllegalArgumentException(
            "--nodes: \"" + entry.strip() + "\" is not <profile>:<count> (count 1..64)");
      }
      for (int i = 0; i < count; i++) {
        parsed.add(
            new NodeSpec("gpu-node-" + (parsed.size() + 1), parts[0], "TimeSlicingSettings=true"));
      }
    }
    return parsed;
  }

  /**
   * Our allocator, as the scheduler stand-in and the agreement check use it: selectors may read
   * {@code device.allowMultipleAllocations}, as DRAConsumableCapacity is on in the demo's clusters.
   */
  public static PodPlacement placement() {
    return new PodPlacement(
        new Allocator(
            new CelSelectorEvaluator(
                new DeviceSelectorEnv(
                    SelectorEnvOptions.defaults().with(SelectorFeature.CONSUMABLE_CAPACITY)))));
  }

  /**
   * A simulated node: its name, GPU profile, the plugin's feature gates and its {@code
   * --consumable-shares}.
   */
  public record NodeSpec(
      String name, String profile, String featureGates, String consumableShares) {
    public NodeSpec(String name, String profile, String featureGates) {
      this(name, profile, featureGates, "disabled");
    }
  }

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
    try (DemoCluster cluster = start()) {
      List<DemoSpec> scenarios = specs.scenarios();
      progress(scenarios.size() + " scenarios from " + specs.location());
      ScenarioRun runner = new ScenarioRun(cluster, placement());
      ReportPrinter printer = new ReportPrinter(out, spec -> explainCommand(spec, after));
      List<String> failed = new ArrayList<>();
      int decisions = 0;
      List<String> skipped = new ArrayList<>();
      for (DemoSpec spec : scenarios) {
        Optional<String> misfit = cluster.misfit(spec);
        if (misfit.isPresent()) {
          out.printf("%n> %s: skipped: %s%n", spec.name(), misfit.get());
          skipped.add(spec.name());
          continue;
        }
        Map<String, PodReport> pods = runner.run(spec);
        // a pod on a device-plugin node was placed by an extended resource: nothing to predict
        decisions +=
            (int)
                pods.values().stream()
                    .filter(p -> p.node().filter(cluster.pluginNodes()::containsKey).isEmpty())
                    .count();
        List<String> problems =
            ExpectationCheck.problems(spec.expectation(), pods, cluster.slices());
        printer.scenario(spec, pods, cluster.domains(runner.namespace(spec)), problems);
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
      progress(decisions + " scheduling decisions checked against our allocator's prediction");
      return summarize(scenarios.size(), failed, skipped, cleanup);
    }
  }

  /** Starts the control plane, installs the DeviceClasses, starts the nodes. */
  public DemoCluster start() throws InterruptedException {
    ClusterBackend plane = backend.start(workDir);
    progress(plane.description());
    Map<String, DemoNode> nodes = new LinkedHashMap<>();
    DemoCluster cluster = new DemoCluster(plane, nodes, this::progress);
    try {
      installDeviceClasses(plane.client());
      if (!plane.runsGpuNodes()) {
        createDriverNamespace(plane.client());
        cluster.startDomainController();
        progress(
            "starting "
                + this.nodes.size()
                + " GPU nodes ("
                + profiles(this.nodes)
                + ") and "
                + PLUGIN_NODE
                + " ("
                + PLUGIN_NODE_PROFILE
                + ", classic device plugin)...");
        for (NodeSpec node : this.nodes) {
          nodes.put(node.name(), cluster.startNode(workDir, node));
        }
        cluster.startPluginNode(workDir, PLUGIN_NODE, PLUGIN_NODE_PROFILE);
      }
      cluster.awaitSlices(out);
      plane.nodesReady();
      progress(plane.scheduler());
      return cluster;
    } catch (RuntimeException | InterruptedException e) {
      cluster.close();
      throw e;
    }
  }

  /** {@code dgx-h100, 2 gb200-nvl}: each profile once, counted where several nodes have it. */
  private static String profiles(List<NodeSpec> nodes) {
    Map<String, Long> counts =
        nodes.stream()
            .collect(
                Collectors.groupingBy(
                    NodeSpec::profile, LinkedHashMap::new, Collectors.counting()));
    return counts.entrySet().stream()
        .map(e -> e.getValue() == 1 ? e.getKey() : e.getValue() + " " + e.getKey())
        .collect(Collectors.joining(", "));
  }

  /** The plugin's namespace, where it makes its MPS daemons' Deployments. */
  private static void createDriverNamespace(KubernetesClient client) {
    if (client.namespaces().withName(DRIVER_NAMESPACE).get() == null) {
      client
          .namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(DRIVER_NAMESPACE)
                  .endMetadata()
                  .build())
          .create();
    }
  }

  /** Creates the DeviceClasses that are missing (a cluster with the chart has them already). */
  private void installDeviceClasses(KubernetesClient client) {
    List<String> created = new ArrayList<>();
    for (DeviceClass c : new DeviceClassFactory().deviceClasses(DeviceClassOptions.allDrivers())) {
      var existing = client.resource(c);
      if (existing.get() == null) {
        existing.create();
        created.add(c.getMetadata().getName());
      }
    }
    progress("installed DeviceClasses " + String.join(" ", created));
  }

  /**
   * The {@code gpu-dra explain} command that shows, per node and device, why a scenario's pod fits
   * nowhere: on this cluster while it stays up, else on the one {@code --keep-running} leaves up.
   */
  private Optional<String> explainCommand(DemoSpec spec, AfterRun after) {
    String file = specs.manifestFile(spec);
    return Optional.of(
        after == AfterRun.KEEP_RUNNING
            ? EXPLAIN.formatted("--kubeconfig " + workDir.resolve("kubeconfig") + " ", file)
            : "./gpu-dra demo --keep-running, then " + EXPLAIN.formatted("", file));
  }

  private void keepRunning(DemoCluster cluster, int total, List<String> failed)
      throws InterruptedException {
    Path kubeconfig = cluster.writeKubeconfig(workDir.resolve("kubeconfig"));
    out.printf(
        "%d scenarios, %d as expected. The cluster stays up; press Ctrl-C to stop it.%n"
            + "  export KUBECONFIG=%s%n"
            + "  kubectl get resourceslices,resourceclaims,pods -A%n"
            + "  ./gpu-dra explain --kubeconfig %s --consumable-capacity"
            + " -f demo/specs/nine-gpus/nine-gpus.yaml%n",
        total, total - failed.size(), kubeconfig, kubeconfig);
    out.flush();
    new java.util.concurrent.CountDownLatch(1).await();
  }

  private boolean summarize(int total, List<String> failed, List<String> skipped, String cleanup) {
    boolean clean = cleanup.startsWith("all claims unprepared");
    out.printf(
        "%n%d scenarios, %d as expected, %d not%s%s; %s (%.1f s)%n",
        total,
        total - failed.size() - skipped.size(),
        failed.size(),
        failed.isEmpty() ? "" : " " + failed,
        skipped.isEmpty() ? "" : ", " + skipped.size() + " skipped " + skipped,
        clean
            ? "every CDI spec removed, every GPU reset, every ComputeDomain gone"
            : "CLEANUP FAILED",
        (System.nanoTime() - started) / 1e9);
    out.flush();
    return failed.isEmpty() && clean;
  }

  private void progress(String message) {
    out.printf("[%5.2fs] %s%n", (System.nanoTime() - started) / 1e9, message);
    out.flush();
  }
}
