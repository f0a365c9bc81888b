package dev.gpudra.demo.realnode;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How one scenario pod ended on the real node.
 *
 * @param name pod name
 * @param refusal kube-scheduler's PodScheduled=False message, when it fits no node
 * @param node {@code spec.nodeName}, when bound
 * @param devices the allocation results of all its claims
 * @param containers what each container reported, by name; empty unless all of them reported
 * @param mpsDaemons the MPS control daemons of its claims, each {@code <name> ready} or {@code
 *     <name> pending}
 * @param deviceReady the {@code Ready} status its claims' {@code status.devices} show, by {@code
 *     driver/pool/device}
 */
record RealPod(
    String name,
    Optional<String> refusal,
    Optional<String> node,
    List<DeviceRequestAllocationResult> devices,
    Map<String, ContainerReport> containers,
    List<String> mpsDaemons,
    Map<String, String> deviceReady) {

  RealPod {
    devices = List.copyOf(devices);
    containers = Map.copyOf(containers);
    mpsDaemons = List.copyOf(mpsDaemons);
    deviceReady = Map.copyOf(deviceReady);
  }

  /** Whether every container ran and reported what it was given. */
  boolean reported() {
    return !containers.isEmpty();
  }
}
