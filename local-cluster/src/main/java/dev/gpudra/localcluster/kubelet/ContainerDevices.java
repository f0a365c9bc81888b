package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceClaim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Which CDI device IDs each container gets, as the kubelet decides: for every {@code
 * resources.claims} entry, the prepared devices of that pod claim whose request names are empty or
 * contain the entry's request (no request: the whole claim); and for an extended resource the
 * container requests ({@code nvidia.com/gpu: 1} on a DeviceClass with {@code
 * extendedResourceName}), the devices of the request that {@code
 * status.extendedResourceClaimStatus.requestMappings} maps it to. Pure.
 */
public final class ContainerDevices {
  /**
   * The key of the scheduler's claim for a pod's extended resources among the pod's prepared
   * claims: not a DNS label, so no {@code spec.resourceClaims} name can take it.
   */
  public static final String EXTENDED_RESOURCES = "<extended-resources>";

  private ContainerDevices() {}

  /**
   * @param pod the pod
   * @param prepared prepared devices by pod claim name ({@code spec.resourceClaims[].name})
   * @return CDI device IDs by container name, in container order, without duplicates
   */
  public static Map<String, List<String>> resolve(
      Pod pod, Map<String, List<PreparedDevice>> prepared) {
    Map<String, List<String>> byContainer = new LinkedHashMap<>();
    for (Container container : pod.getSpec().getContainers()) {
      LinkedHashSet<String> ids = new LinkedHashSet<>();
      for (ResourceClaim use : claims(container)) {
        for (PreparedDevice device : prepared.getOrDefault(use.getName(), List.of())) {
          if (selected(device, use.getRequest())) {
            ids.addAll(device.cdiDeviceIds());
          }
        }
      }
      for (String request : extendedRequests(pod, container.getName())) {
        for (PreparedDevice device : prepared.getOrDefault(EXTENDED_RESOURCES, List.of())) {
          if (device.requestNames().contains(request)) {
            ids.addAll(device.cdiDeviceIds());
          }
        }
      }
      byContainer.put(container.getName(), new ArrayList<>(ids));
    }
    return byContainer;
  }

  private static boolean selected(PreparedDevice device, String request) {
    return request == null
        || request.isEmpty()
        || device.requestNames().isEmpty()
        || device.requestNames().contains(request);
  }

  /** The requests of the extended-resource claim mapped to this container. */
  private static List<String> extendedRequests(Pod pod, String container) {
    if (pod.getStatus() == null
        || pod.getStatus().getExtendedResourceClaimStatus() == null
        || pod.getStatus().getExtendedResourceClaimStatus().getRequestMappings() == null) {
      return List.of();
    }
    return pod.getStatus().getExtendedResourceClaimStatus().getRequestMappings().stream()
        .filter(m -> container.equals(m.getContainerName()))
        .map(m -> m.getRequestName())
        .toList();
  }

  private static List<ResourceClaim> claims(Container container) {
    if (container.getResources() == null || container.getResources().getClaims() == null) {
      return List.of();
    }
    return container.getResources().getClaims();
  }
}
