package dev.gpudra.computedomain.prepare;

import dev.gpudra.computedomain.clique.NodeClique;
import dev.gpudra.computedomain.imex.HostImexCheck;
import dev.gpudra.computedomain.imex.ImexException;
import dev.gpudra.computedomain.node.ImexDevices;
import dev.gpudra.kit.cdi.ContainerEdits;
import java.util.List;
import java.util.Objects;

/**
 * Prepares a workload's IMEX channel claim with hostManaged IMEX, as NVIDIA's plugin does: the
 * domain must be in the claim's namespace; a node without a clique gets no channel; else the host's
 * {@code nvidia-imex} must be ready (a retryable failure until it is) and the container gets the
 * one channel allocated, channel 0, whatever the claim's allocation mode. No node label, no daemon.
 */
public final class HostChannelPrep implements TargetPrep {
  private final DomainApi api;
  private final ImexDevices devices;
  private final NodeClique clique;
  private final HostImexCheck host;

  public HostChannelPrep(
      DomainApi api, ImexDevices devices, NodeClique clique, HostImexCheck host) {
    this.api = Objects.requireNonNull(api, "api");
    this.devices = Objects.requireNonNull(devices, "devices");
    this.clique = Objects.requireNonNull(clique, "clique");
    this.host = Objects.requireNonNull(host, "host");
  }

  /**
   * @throws DomainClaimException when the domain is elsewhere or gone (for good), or the host's
   *     IMEX daemon is not ready (the kubelet retries)
   */
  @Override
  public ContainerEdits prepare(DomainRequest request) {
    ChannelPrep.domain(api, request);
    if (clique.current().isEmpty()) {
      return ContainerEdits.none();
    }
    try {
      host.requireReady();
    } catch (ImexException e) {
      throw DomainClaimException.retryable(
          "claim "
              + request.claim()
              + ": host nvidia-imex daemon readiness check failed: "
              + e.getMessage()
              + "; the kubelet retries");
    }
    return ContainerEdits.ofNodes(List.of(devices.channel(0)));
  }
}
