package dev.gpudra.demo;

import dev.gpudra.testsupport.devicemanager.ContainerAllocation;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a pod's containers got on a device-plugin node: the device plugin's Allocate responses as
 * the kubelet hands them to the runtime (environment, device nodes, mounts, CDI names).
 */
final class PluginContainers {
  private PluginContainers() {}

  static Map<String, PodReport.Container> of(DevicePluginNode node, Pod pod) {
    Map<String, PodReport.Container> containers = new LinkedHashMap<>();
    node.allocation(pod.getMetadata().getUid())
        .orElse(Map.of())
        .forEach((name, allocation) -> containers.put(name, container(allocation)));
    return containers;
  }

  private static PodReport.Container container(ContainerAllocation allocation) {
    Set<String> env = new LinkedHashSet<>();
    allocation.envs().forEach((k, v) -> env.add(k + "=" + v));
    return new PodReport.Container(
        allocation.cdiDevices(),
        new ContainerView(
            new LinkedHashSet<>(allocation.devices()),
            env,
            new LinkedHashSet<>(allocation.mounts())));
  }
}
