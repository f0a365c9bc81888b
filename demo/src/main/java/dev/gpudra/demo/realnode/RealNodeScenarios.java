package dev.gpudra.demo.realnode;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.MigratedManifests;
import dev.gpudra.demo.ScenarioObjects;
import dev.gpudra.demo.TaintRuleStep;
import dev.gpudra.realcluster.node.NodeImages;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs the demo's scenarios on the real node, one after the other, each in its own namespace and
 * with the plugin playing the demo node its {@code expect.yaml} names: the scenario's objects as
 * written, its pods with every container replaced by a busybox that reports what it was given
 * ({@link ContainerReport#SCRIPT}); prints per pod the devices its claims got and per container
 * what it saw; judges the pods against the expectation ({@link RealNodeJudge}); then deletes the
 * namespace and waits until the node ran it down.
 */
public final class RealNodeScenarios {
  private static final Duration SETTLE = Duration.ofSeconds(60);

  /** A ComputeDomain's worker waits for its IMEX daemon pod to start (a JVM) and go Ready. */
  private static final Duration DAEMON_SETTLE = Duration.ofSeconds(120);

  private final RealNodeCluster cluster;
  private final KubernetesClient client;
  private final PrintWriter out;

  public RealNodeScenarios(RealNodeCluster cluster, PrintWriter out) {
    this.cluster = Objects.requireNonNull(cluster, "cluster");
    this.client = cluster.client();
    this.out = Objects.requireNonNull(out, "out");
  }

  /**
   * Runs one scenario and prints its verdict, judged by what one node can show of its expectation.
   *
   * @throws NodeExitedException a process of the cluster exited meanwhile
   */
  RealNodeJudge.Verdict run(DemoSpec spec, RealNodePlan.OnOneNode oneNode)
      throws InterruptedException {
    out.printf("%n%s: %s%n", spec.name(), spec.readme());
    String ns = "real-" + spec.name();
    NodePlayer player = cluster.player();
    player.report(spec.gpuEvents());
    try {
      if (spec.migrates()) {
        player.startDevicePlugin();
      }
      if (spec.needsComputeDomains()) {
        player.startComputeDomains();
      }
      Map<String, String> evictions = new LinkedHashMap<>();
      Map<String, RealPod> ended = runPods(withRealUuids(spec), ns, evictions);
      RealNodeJudge.Verdict verdict =
          RealNodeJudge.judge(
              oneNode.expectation(),
              player.playingNames(),
              new RealNodeJudge.Ended(ended, evictions),
              player.wholePool());
      oneNode.notes().forEach(n -> out.printf("  on one real node: %s%n", n));
      print(spec, verdict);
      deleteNamespace(ns);
      cluster.checkAlive();
      return verdict;
    } finally {
      player.stopDevicePlugin();
      player.stopComputeDomains();
    }
  }

  /**
   * Creates the scenario's objects and pods in {@code ns} and waits for each pod's outcome; a
   * scenario written for the classic device plugin then runs again as {@code gpu-dra migrate}
   * translates it, as in the embedded demo.
   */
  private Map<String, RealPod> runPods(DemoSpec spec, String ns, Map<String, String> evictions)
      throws InterruptedException {
    ScenarioObjects objects = ScenarioObjects.load(client, spec);
    objects.apply(ns, true);
    Map<String, RealPod> ended = new LinkedHashMap<>();
    if (spec.needsComputeDomains()) {
      oneAtATime(objects.pods(), ns, ended);
      return ended;
    }
    if (spec.taintsDevices()) {
      stepByStep(objects.steps(), ns, ended, evictions);
      return ended;
    }
    await(objects.pods(), ns, ended, SETTLE);
    if (spec.migrates()) {
      ScenarioObjects migrated = MigratedManifests.translate(client, spec);
      migrated.applyMissing(ns);
      await(migrated.pods(), ns, ended, SETTLE);
    }
    return ended;
  }

  /**
   * A ComputeDomain's workers in the order written, each once the last ended: the controller's
   * claim templates first, so that the first worker's claim is made (and takes the node's one
   * channel) first.
   */
  private void oneAtATime(List<Pod> pods, String ns, Map<String, RealPod> ended)
      throws InterruptedException {
    List<String> templates =
        pods.stream()
            .flatMap(p -> p.getSpec().getResourceClaims().stream())
            .map(PodResourceClaim::getResourceClaimTemplateName)
            .filter(Objects::nonNull)
            .distinct()
            .toList();
    Instant deadline = Instant.now().plus(SETTLE);
    while (templates.stream()
            .anyMatch(t ->
                client.resources(ResourceClaimTemplate.class).inNamespace(ns).withName(t).get()
                    == null)
        && Instant.now().isBefore(deadline)) {
      cluster.checkAlive();
      Thread.sleep(100);
    }
    for (Pod pod : pods) {
      await(List.of(pod), ns, ended, DAEMON_SETTLE);
    }
  }

  /**
   * Pods and DeviceTaintRules in the order written, each pod once it settled, each rule once the
   * real eviction controller is done with it (its pool the real node's, as the plugin publishes
   * it); the rules are deleted at the end.
   */
  private void stepByStep(
      List<HasMetadata> steps, String ns, Map<String, RealPod> ended, Map<String, String> evictions)
      throws InterruptedException {
    TaintRuleStep rules = new TaintRuleStep(client, "");
    String playing = cluster.player().playing().name();
    try {
      for (HasMetadata step : steps) {
        if (step instanceof Pod pod) {
          await(List.of(pod), ns, ended, SETTLE);
          continue;
        }
        List<String> running =
            ended.entrySet().stream()
                .filter(e -> e.getValue().reported())
                .map(Map.Entry::getKey)
                .toList();
        Map<String, String> evicted =
            rules.evict(RealNodeRules.onRealNode(step, playing), ns, running);
        evicted.forEach((pod, why) -> out.printf("  pod %s evicted by %s%n", pod, why));
        evictions.putAll(evicted);
      }
    } finally {
      rules.deleteAll();
    }
  }

  private void await(List<Pod> written, String ns, Map<String, RealPod> ended, Duration settle)
      throws InterruptedException {
    List<Pod> pods =
        written.stream().map(p -> client.resource(reporting(p)).inNamespace(ns).create()).toList();
    PodOutcome outcome = new PodOutcome(client, cluster.node(), out, cluster::checkAlive);
    for (Pod pod : pods) {
      ended.put(pod.getMetadata().getName(), outcome.await(pod, Instant.now().plus(settle)));
    }
  }

  /**
   * The scenario with the played node's GPU UUIDs as the real node's GPUs at the same index have
   * them ({@link GpuUuids}); said when its manifests name any.
   */
  private DemoSpec withRealUuids(DemoSpec spec) {
    Demo.NodeSpec playing = cluster.player().playing();
    String manifests =
        GpuUuids.between(playing.profile(), playing.name(), RealNodeCluster.NODE)
            .translate(spec.manifests());
    if (manifests.equals(spec.manifests())) {
      return spec;
    }
    out.printf(
        "  the %s GPU UUIDs its manifests name: those of %s's GPUs at the same index%n",
        playing.name(), RealNodeCluster.NODE);
    return new DemoSpec(
        spec.name(), manifests, spec.readme(), spec.expectation(), spec.gpuEvents());
  }

  private void print(DemoSpec spec, RealNodeJudge.Verdict verdict) {
    verdict.unchecked().forEach(u -> out.printf("  not checked on a real node: %s%n", u));
    if (verdict.passed()) {
      out.printf("  PASS %s: as its expect.yaml says%n", spec.name());
    } else {
      out.printf("  FAIL %s:%n", spec.name());
      verdict.problems().forEach(p -> out.printf("    %s%n", p));
    }
  }

  /** The pod with each container a busybox that reports, and a short grace period. */
  static Pod reporting(Pod pod) {
    return new PodBuilder(pod)
        .editSpec()
        .withTerminationGracePeriodSeconds(1L)
        .withContainers(
            pod.getSpec().getContainers().stream()
                .map(c -> busybox(c, ContainerReport.SCRIPT))
                .toList())
        .withInitContainers(
            pod.getSpec().getInitContainers() == null
                ? List.of()
                : pod.getSpec().getInitContainers().stream().map(c -> busybox(c, "true")).toList())
        .endSpec()
        .build();
  }

  private static Container busybox(Container container, String script) {
    return new ContainerBuilder(container)
        .withImage(NodeImages.BUSYBOX)
        .withImagePullPolicy("Never")
        .withCommand("sh", "-c", script)
        .withArgs(List.of())
        .build();
  }

  private void deleteNamespace(String ns) throws InterruptedException {
    client.pods().inNamespace(ns).withGracePeriod(1).delete();
    Instant deadline = Instant.now().plus(SETTLE);
    while (!client.pods().inNamespace(ns).list().getItems().isEmpty()
        && Instant.now().isBefore(deadline)) {
      cluster.checkAlive();
      Thread.sleep(100);
    }
    client.namespaces().withName(ns).delete();
    // gone once its claims are: deallocated, so the plugin may play another node next
    while (client.namespaces().withName(ns).get() != null && Instant.now().isBefore(deadline)) {
      cluster.checkAlive();
      Thread.sleep(100);
    }
  }
}
