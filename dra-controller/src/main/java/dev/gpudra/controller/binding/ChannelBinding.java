package dev.gpudra.controller.binding;

import dev.gpudra.api.computedomain.ComputeDomainBinding;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the controller does for one channel claim of a domain: nothing once its binding conditions
 * are decided (or it has none); otherwise, per channel, label the node when it has no domain, set
 * {@code FAILED} when the node serves another domain, set {@code READY} once the domain's status
 * lists the node's daemon Ready. Pure.
 */
public final class ChannelBinding {
  static final String DRIVER = "compute-domain.nvidia.com";

  private ChannelBinding() {}

  /**
   * @param domain the domain as {@code namespace/name (uid)}, for messages
   * @param domainUid its UID (the node label's value)
   * @param nodeDomains each channel node's {@code resource.nvidia.com/computeDomain} label, if any
   * @param nodes the domain's nodes as its status has them
   */
  public static List<BindingStep> steps(
      ResourceClaim claim,
      String domain,
      String domainUid,
      Map<String, Optional<String>> nodeDomains,
      Map<String, ComputeDomainNode> nodes) {
    List<BindingStep> steps = new ArrayList<>();
    for (DeviceRequestAllocationResult channel : pending(claim)) {
      String node = channel.getPool();
      Optional<String> held = nodeDomains.getOrDefault(node, Optional.empty());
      if (held.isPresent() && !held.get().equals(domainUid)) {
        steps.add(
            new BindingStep.SetCondition(
                channel,
                ComputeDomainBinding.FAILED,
                "NodeInAnotherDomain",
                "node " + node + " serves ComputeDomain " + held.get() + ", not " + domain));
        continue;
      }
      if (held.isEmpty()) {
        steps.add(new BindingStep.LabelNode(channel, node));
        continue;
      }
      ComputeDomainNode joined = nodes.get(node);
      if (joined != null && joined.status() == DomainStatus.READY) {
        steps.add(
            new BindingStep.SetCondition(
                channel,
                ComputeDomainBinding.READY,
                "IMEXDaemonReady",
                "the IMEX daemon on node " + node + " is ready in ComputeDomain " + domain));
      }
    }
    return steps;
  }

  /** The nodes of the claim's channels that still wait for a decision. */
  public static List<String> nodes(ResourceClaim claim) {
    return pending(claim).stream().map(DeviceRequestAllocationResult::getPool).distinct().toList();
  }

  /** The claim's channels with our binding condition and neither condition True yet. */
  static List<DeviceRequestAllocationResult> pending(ResourceClaim claim) {
    if (claim.getStatus() == null
        || claim.getStatus().getAllocation() == null
        || claim.getStatus().getAllocation().getDevices() == null
        || claim.getStatus().getAllocation().getDevices().getResults() == null) {
      return List.of();
    }
    return claim.getStatus().getAllocation().getDevices().getResults().stream()
        .filter(r -> DRIVER.equals(r.getDriver()))
        .filter(r ->
            r.getBindingConditions() != null
                && r.getBindingConditions().contains(ComputeDomainBinding.READY))
        .filter(r -> !decided(claim, r))
        .toList();
  }

  private static boolean decided(ResourceClaim claim, DeviceRequestAllocationResult r) {
    List<AllocatedDeviceStatus> devices = claim.getStatus().getDevices();
    return devices != null
        && devices.stream()
            .filter(d ->
                r.getDriver().equals(d.getDriver())
                    && r.getPool().equals(d.getPool())
                    && r.getDevice().equals(d.getDevice()))
            .flatMap(d ->
                d.getConditions() == null
                    ? java.util.stream.Stream.<Condition>empty()
                    : d.getConditions().stream())
            .anyMatch(c ->
                "True".equals(c.getStatus())
                    && (ComputeDomainBinding.READY.equals(c.getType())
                        || ComputeDomainBinding.FAILED.equals(c.getType())));
  }
}
