package dev.gpudra.demo;

import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.nvml.simulated.GpuSettings;
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
 * @param claimUids the UID of the claim holding each device, by {@code driver/pool/device}
 * @param containers what each container gets, by container name
 * @param schedulerMessage the scheduler's PodScheduled=False message, if it fits no node
 * @param unschedulable our allocator's explanation of why it fits no node, if the scheduler said so
 * @param failure why it did not start on its node (a prepare error), if it did not
 * @param disagreements each way the scheduler's decision differs from our allocator's prediction
 * @param feasibleNodes the nodes our allocator fits it on, each by itself (any of them is a right
 *     choice for a scheduler)
 * @param gpuSettings what the GPU behind each device has been set to, by {@code
 *     driver/pool/device}, where the node's GPUs can be read (simulated GPUs in this process)
 * @param mpsDaemons the MPS control daemons its node runs for its claims, one line each (pod,
 *     readiness, what it was told), where the node runs in this process
 * @param deviceReady the {@code Ready} status its claims' {@code status.devices} show, by {@code
 *     driver/pool/device}, for each device that has an entry
 * @param eviction for a pod a DeviceTaintRule evicted (phase {@code Evicted}): the rule and what
 *     its {@code EvictionInProgress} condition said
 */
public record PodReport(
    String name,
    String phase,
    Optional<String> node,
    Map<String, String> claims,
    List<DeviceRequestAllocationResult> devices,
    Map<String, String> claimUids,
    Map<String, Container> containers,
    Optional<String> schedulerMessage,
    Optional<FitsNowhere> unschedulable,
    Optional<String> failure,
    List<String> disagreements,
    List<String> feasibleNodes,
    Map<String, GpuSettings> gpuSettings,
    List<String> mpsDaemons,
    Map<String, String> deviceReady,
    Optional<String> eviction) {
  /** The phase of a pod the device-taint-eviction controller deleted. */
  public static final String EVICTED = "Evicted";

  public PodReport {
    mpsDaemons = List.copyOf(mpsDaemons);
    deviceReady = Map.copyOf(deviceReady);
    gpuSettings = Map.copyOf(gpuSettings);
    claims = Map.copyOf(claims);
    devices = List.copyOf(devices);
    claimUids = Map.copyOf(claimUids);
    containers = Map.copyOf(containers);
    disagreements = List.copyOf(disagreements);
    feasibleNodes = List.copyOf(feasibleNodes);
  }

  /** This pod, gone: a DeviceTaintRule's eviction deleted it, as {@code why} says. */
  public PodReport evicted(String why) {
    return new PodReport(
        name,
        EVICTED,
        node,
        claims,
        devices,
        claimUids,
        containers,
        schedulerMessage,
        unschedulable,
        failure,
        disagreements,
        feasibleNodes,
        gpuSettings,
        mpsDaemons,
        deviceReady,
        Optional.of(why));
  }

  /** The UID of the claim that holds this device (its CDI device IDs start with it). */
  public String claimUid(DeviceRequestAllocationResult device) {
    return claimUids.get(key(device));
  }

  static String key(DeviceRequestAllocationResult d) {
    return d.getDriver() + "/" + d.getPool() + "/" + d.getDevice();
  }

  /**
   * @param cdiDevices the CDI device IDs the kubelet passes to the runtime
   * @param view what the runtime applies from the CDI specs
   */
  public record Container(List<String> cdiDevices, ContainerView view) {}
}
