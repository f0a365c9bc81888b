package dev.gpudra.demo;

import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How one pod of a scenario ended.
 *
 * @param name pod name
 * @param phase {@code status.phase} ({@code Pending} when unset)
 * @param node {@code spec.nodeName}, or empty
 * @param claims the ResourceClaim names by pod claim name
 * @param devices the allocation results of all its claims
 * @param containers what each container gets, by container name
 * @param unschedulable why it fits no node, if it does not
 * @param failure why it did not start on its node (a prepare error), if it did not
 */
public record PodReport(
    String name,
    String phase,
    Optional<String> node,
    Map<String, String> claims,
    List<DeviceRequestAllocationResult> devices,
    Map<String, Container> containers,
    Optional<FitsNowhere> unschedulable,
    Optional<String> failure) {

  public PodReport {
    claims = Map.copyOf(claims);
    devices = List.copyOf(devices);
    containers = Map.copyOf(containers);
  }

  /**
   * @param cdiDevices the CDI device IDs the kubelet passes to the runtime
   * @param view what the runtime applies from the CDI specs
   */
  public record Container(List<String> cdiDevices, ContainerView view) {}
}
