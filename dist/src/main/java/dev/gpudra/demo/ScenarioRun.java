package dev.gpudra.demo;

import dev.gpudra.demo.Scenario.Outcome;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Allocates, prepares and finally unprepares every scenario's claim, printing as it goes. */
final class ScenarioRun {
  private static final String DRIVER = "gpu.nvidia.com";

  /** One scenario's outcome. */
  record Result(Scenario scenario, Outcome outcome) {
    boolean asExpected() {
      return outcome == scenario.expected();
    }
  }

  private record Prepared(DemoNode node, ClaimRef claim) {}

  private final KubernetesClient client;
  private final Map<String, DemoNode> nodes;
  private final Map<String, List<Device>> published;
  private final PrintWriter out;
  private final FirstFitAllocator allocator = new FirstFitAllocator();
  private final Map<String, Set<String>> taken = new HashMap<>();
  private final List<Prepared> prepared = new ArrayList<>();

  ScenarioRun(
      KubernetesClient client,
      Map<String, DemoNode> nodes,
      Map<String, List<Device>> published,
      PrintWriter out) {
    this.client = client;
    this.nodes = nodes;
    this.published = published;
    this.out = out;
  }

  List<Result> runAll(List<Scenario> scenarios) {
    List<Result> results = scenarios.stream().map(this::run).toList();
    unprepareAll();
    return results;
  }

  private Result run(Scenario s) {
    out.printf("%n> %s: %s%n", s.name(), s.description());
    Set<String> held = taken.computeIfAbsent(s.node(), n -> new HashSet<>());
    Optional<ResourceClaim> allocated = allocator.allocate(s, published.get(s.node()), held);
    if (allocated.isEmpty()) {
      s.requests()
          .forEach(r ->
              out.printf(
                  "  does not fit on %s: request %s needs %d devices "
                      + "matching %s, not that many are free%n",
                  s.node(), r.name(), r.count(), r.selector()));
      return mark(s, Outcome.DOES_NOT_FIT);
    }
    ResourceClaim claim = client.resource(allocated.get()).create();
    ClaimRef ref =
        new ClaimRef(
            claim.getMetadata().getNamespace(),
            claim.getMetadata().getName(),
            claim.getMetadata().getUid());
    DemoNode node = nodes.get(s.node());
    PrepareResult result = null;
    for (int pod = 1; pod <= s.pods(); pod++) {
      result = node.kubelet.prepare(DRIVER, List.of(ref)).get(ref.uid());
      if (!result.failed() && s.pods() > 1) {
        out.printf("  pod %d: NodePrepareResources -> %s%n", pod, names(result.devices()));
      }
    }
    if (result.failed()) {
      out.printf("  rejected by the plugin: %s%n", result.error());
      return mark(s, Outcome.REJECTED_BY_PLUGIN);
    }
    prepared.add(new Prepared(node, ref));
    result.devices().forEach(d -> held.add(d.deviceName()));
    show(node, result.devices());
    return mark(s, Outcome.PREPARED);
  }

  private void show(DemoNode node, List<PreparedDevice> devices) {
    List<String> ids = devices.stream().flatMap(d -> d.cdiDeviceIds().stream()).toList();
    ContainerView view = ContainerView.resolve(node.config.cdiRoot(), ids);
    out.printf("  node    %s%n  devices %s%n", node.name, names(devices));
    ids.forEach(id -> out.printf("  cdi     %s%n", id));
    out.printf(
        "  nodes   %s%n  env     %s%n",
        String.join(" ", view.deviceNodes()), String.join(" ", view.env()));
  }

  private static String names(List<PreparedDevice> devices) {
    return String.join(" ", devices.stream().map(PreparedDevice::deviceName).toList());
  }

  private Result mark(Scenario s, Outcome outcome) {
    if (outcome != s.expected()) {
      out.printf("  UNEXPECTED: wanted %s, got %s%n", s.expected(), outcome);
    }
    return new Result(s, outcome);
  }

  private void unprepareAll() {
    for (Prepared p : prepared) {
      UnprepareResult result =
          p.node().kubelet.unprepare(DRIVER, List.of(p.claim())).get(p.claim().uid());
      if (result.failed()) {
        throw new IllegalStateException("unprepare of " + p.claim() + " failed: " + result.error());
      }
    }
    for (DemoNode node : nodes.values()) {
      try (var files = Files.list(node.config.cdiRoot())) {
        if (files.findAny().isPresent()) {
          throw new IllegalStateException("CDI specs left behind in " + node.config.cdiRoot());
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }
}
