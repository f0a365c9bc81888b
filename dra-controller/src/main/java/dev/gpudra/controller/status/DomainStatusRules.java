package dev.gpudra.controller.status;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.ComputeDomainStatus;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * NVIDIA's status rules for one domain, plus the conditions: a node is a live daemon pod's node,
 * described by its clique entry (on the fabric) or by the pod (off it); the domain is NotReady
 * while fewer than {@code numNodes} nodes joined or any of them is NotReady.
 */
public final class DomainStatusRules {
  private final boolean cliques;

  /**
   * @param cliques {@code ComputeDomainCliques}: fabric nodes come from the cliques; without it,
   *     from the domain's status as the daemons wrote it
   */
  public DomainStatusRules(boolean cliques) {
    this.cliques = cliques;
  }

  /**
   * @param pods the domain's daemon pods (label {@code resource.nvidia.com/computeDomain=<UID>})
   * @param domainCliques the domain's cliques
   * @param now when, for a condition whose status changes
   */
  public ComputeDomainStatus status(
      ComputeDomain domain, List<Pod> pods, List<ComputeDomainClique> domainCliques, Instant now) {
    return status(domain, pods, domainCliques, List.of(), now);
  }

  /**
   * @param channelClaims the claims made from the domain's workload template (their {@code
   *     ChannelsReady} condition)
   */
  public ComputeDomainStatus status(
      ComputeDomain domain,
      List<Pod> pods,
      List<ComputeDomainClique> domainCliques,
      List<ResourceClaim> channelClaims,
      Instant now) {
    List<Pod> live = pods.stream().filter(DomainStatusRules::live).toList();
    List<ComputeDomainNode> nodes = nodes(domain, live, domainCliques);
    int wanted = domain.getSpec().numNodes() == null ? 0 : domain.getSpec().numNodes();
    boolean ready =
        nodes.size() >= wanted && nodes.stream().allMatch(n -> n.status() == DomainStatus.READY);
    List<Condition> previous =
        domain.getStatus() == null ? List.of() : domain.getStatus().conditions();
    List<Condition> conditions =
        List.of(
            DomainConditions.ready(ready, nodes, wanted, previous, now),
            DomainConditions.daemonsRunning(live, previous, now),
            ChannelCondition.of(channelClaims, nodes, previous, now));
    return new ComputeDomainStatus(
        ready ? DomainStatus.READY : DomainStatus.NOT_READY, nodes, conditions);
  }

  private List<ComputeDomainNode> nodes(
      ComputeDomain domain, List<Pod> live, List<ComputeDomainClique> domainCliques) {
    Set<String> podNodes =
        live.stream().map(p -> p.getSpec().getNodeName()).collect(Collectors.toSet());
    Map<String, ComputeDomainNode> byName = new TreeMap<>();
    for (Pod pod : live) {
      if (offFabric(pod)) {
        byName.put(pod.getSpec().getNodeName(), fromPod(pod));
      }
    }
    for (ComputeDomainNode fabric : fabricNodes(domain, domainCliques)) {
      if (podNodes.contains(fabric.name())) {
        byName.putIfAbsent(fabric.name(), fabric);
      }
    }
    List<ComputeDomainNode> nodes = new ArrayList<>(byName.values());
    nodes.sort(Comparator.comparing(ComputeDomainNode::name));
    return List.copyOf(nodes);
  }

  private List<ComputeDomainNode> fabricNodes(
      ComputeDomain domain, List<ComputeDomainClique> domainCliques) {
    if (!cliques) {
      return domain.getStatus() == null
          ? List.of()
          : domain.getStatus().nodes().stream().filter(n -> !n.cliqueID().isEmpty()).toList();
    }
    List<ComputeDomainNode> nodes = new ArrayList<>();
    for (ComputeDomainClique clique : domainCliques) {
      for (ComputeDomainDaemon d :
          clique.getDaemons() == null ? List.<ComputeDomainDaemon>of() : clique.getDaemons()) {
        nodes.add(
            new ComputeDomainNode(
                d.nodeName(), d.ipAddress(), d.cliqueID(), d.index(), d.status()));
      }
    }
    return nodes;
  }

  /** A daemon pod whose clique label is there and empty runs on a node off the fabric. */
  static boolean offFabric(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels != null && "".equals(labels.get(ComputeDomainLabels.CLIQUE));
  }

  private static ComputeDomainNode fromPod(Pod pod) {
    String ip =
        pod.getStatus() == null || pod.getStatus().getPodIP() == null
            ? ""
            : pod.getStatus().getPodIP();
    return new ComputeDomainNode(
        pod.getSpec().getNodeName(),
        ip,
        "",
        -1,
        ready(pod) ? DomainStatus.READY : DomainStatus.NOT_READY);
  }

  static boolean ready(Pod pod) {
    return pod.getStatus() != null
        && pod.getStatus().getConditions() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static boolean live(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() == null
        && pod.getSpec() != null
        && pod.getSpec().getNodeName() != null;
  }
}
