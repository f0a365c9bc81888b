package dev.gpudra.computedomain.prepare;

import dev.gpudra.api.computedomain.ChannelAllocationMode;
import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.computedomain.clique.NodeClique;
import dev.gpudra.computedomain.node.ImexDevices;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.kit.cdi.DeviceNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Prepares a workload's IMEX channel claim as NVIDIA's plugin does: the domain must be in the
 * claim's namespace; the node is labelled with the domain (which brings its daemon here); the claim
 * waits, failing with a retryable error, until this node's daemon is Ready in the domain; then the
 * container gets channel 0 ({@code Single}) or all 2048 channels ({@code All}). A node without a
 * clique gets no channel: it has no multi-node NVLink.
 */
public final class ChannelPrep implements TargetPrep {
  private final DomainApi api;
  private final NodeLabel label;
  private final ImexDevices devices;
  private final NodeClique clique;
  private final String node;

  public ChannelPrep(
      DomainApi api, NodeLabel label, ImexDevices devices, NodeClique clique, String node) {
    this.api = Objects.requireNonNull(api, "api");
    this.label = Objects.requireNonNull(label, "label");
    this.devices = Objects.requireNonNull(devices, "devices");
    this.clique = Objects.requireNonNull(clique, "clique");
    this.node = Objects.requireNonNull(node, "node");
  }

  /**
   * @throws DomainClaimException when the domain is elsewhere or gone, the node is in another
   *     domain, or this node's daemon is not Ready yet (the kubelet retries)
   */
  @Override
  public ContainerEdits prepare(DomainRequest request) {
    ComputeDomain domain = domain(request);
    label.set(request.domainId());
    String cliqueId = clique.current();
    if (!api.nodeReady(domain, cliqueId, node)) {
      throw DomainClaimException.retryable(
          "claim "
              + request.claim()
              + ": current node not ready in ComputeDomain "
              + describe(domain)
              + ": the IMEX daemon on node "
              + node
              + (cliqueId.isEmpty() ? "" : " (clique " + cliqueId + ")")
              + " has not joined or is not Ready yet; the kubelet retries");
    }
    if (cliqueId.isEmpty()) {
      return ContainerEdits.none();
    }
    int count = request.mode() == ChannelAllocationMode.ALL ? ImexDevices.CHANNELS : 1;
    List<DeviceNode> channels = new ArrayList<>(count);
    for (int id = 0; id < count; id++) {
      channels.add(devices.channel(id));
    }
    return ContainerEdits.ofNodes(channels);
  }

  private ComputeDomain domain(DomainRequest request) {
    return domain(api, request);
  }

  /**
   * The claim's domain, in the claim's namespace.
   *
   * @throws DomainClaimException naming where the domain is, or that none has the UID
   */
  static ComputeDomain domain(DomainApi api, DomainRequest request) {
    return api.find(request.namespace(), request.domainId())
        .orElseThrow(() -> missing(api, request));
  }

  private static DomainClaimException missing(DomainApi api, DomainRequest request) {
    return api.findAnywhere(request.domainId())
        .map(d ->
            new DomainClaimException(
                "claim "
                    + request.claim()
                    + ": ComputeDomain "
                    + describe(d)
                    + " is in namespace "
                    + d.getMetadata().getNamespace()
                    + ", not the claim's namespace "
                    + request.namespace()
                    + "; a channel claim must be in its domain's namespace"))
        .orElseGet(() ->
            new DomainClaimException(
                "claim "
                    + request.claim()
                    + ": no ComputeDomain with UID "
                    + request.domainId()
                    + " (domainID of its ComputeDomainChannelConfig) exists"));
  }

  static String describe(ComputeDomain domain) {
    return domain.getMetadata().getNamespace()
        + "/"
        + domain.getMetadata().getName()
        + " ("
        + domain.getMetadata().getUid()
        + ")";
  }
}
