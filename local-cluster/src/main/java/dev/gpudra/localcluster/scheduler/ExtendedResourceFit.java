package dev.gpudra.localcluster.scheduler;

import dev.gpudra.localcluster.scheduler.PlacementDecision.NodeMiss;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * kube-scheduler's NodeResourcesFit filter for extended resources ({@code nvidia.com/gpu}, {@code
 * nvidia.com/mig-1g.10gb}: domain-prefixed, outside {@code kubernetes.io}): a node fits when its
 * {@code status.allocatable} minus what the pods bound to it (and not finished) request covers what
 * the pod requests. Extended resources DRA serves through a DeviceClass's {@code
 * extendedResourceName} are not placed by the stand-in: a node without allocatable for them does
 * not fit. Pure.
 */
final class ExtendedResourceFit {
  private ExtendedResourceFit() {}

  /** The pod's extended-resource requests, summed over its containers (limits where no request). */
  static Map<String, BigDecimal> requests(Pod pod) {
    Map<String, BigDecimal> sum = new LinkedHashMap<>();
    for (Container c : pod.getSpec().getContainers()) {
      if (c.getResources() == null) {
        continue;
      }
      Map<String, Quantity> asked = new LinkedHashMap<>();
      // a request defaults to the limit; extended resources cannot be overcommitted
      Optional.ofNullable(c.getResources().getLimits()).ifPresent(asked::putAll);
      Optional.ofNullable(c.getResources().getRequests()).ifPresent(asked::putAll);
      asked.forEach((name, q) -> {
        if (extended(name)) {
          sum.merge(name, q.getNumericalAmount(), BigDecimal::add);
        }
      });
    }
    return sum;
  }

  /** Why the node cannot take the pod's extended resources; empty when it can. */
  static Optional<NodeMiss> miss(Pod pod, Node node, List<Pod> placed) {
    Map<String, BigDecimal> wanted = requests(pod);
    Map<String, Quantity> allocatable =
        node.getStatus() == null || node.getStatus().getAllocatable() == null
            ? Map.of()
            : node.getStatus().getAllocatable();
    String name = node.getMetadata().getName();
    for (var want : wanted.entrySet()) {
      Quantity has = allocatable.get(want.getKey());
      BigDecimal free =
          (has == null ? BigDecimal.ZERO : has.getNumericalAmount())
              .subtract(used(want.getKey(), name, placed));
      if (free.compareTo(want.getValue()) < 0) {
        return Optional.of(
            new NodeMiss(name, "", "Insufficient " + want.getKey(), Optional.empty()));
      }
    }
    return Optional.empty();
  }

  private static BigDecimal used(String resource, String node, List<Pod> placed) {
    return placed.stream()
        .filter(p -> node.equals(p.getSpec().getNodeName()))
        .filter(p -> !finished(p))
        .map(p -> requests(p).getOrDefault(resource, BigDecimal.ZERO))
        .reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  private static boolean finished(Pod pod) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  static boolean extended(String name) {
    return name.contains("/") && !name.split("/")[0].endsWith("kubernetes.io");
  }
}
