package dev.gpudra.testsupport.devicemanager;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one container got from the device plugins, merged over its resources: what the kubelet hands
 * the runtime from the Allocate responses.
 *
 * @param deviceIds the device IDs allocated, by resource name
 * @param envs environment variables
 * @param mounts mounts as {@code <container path> <- <host path>}
 * @param devices device nodes as {@code <container path> <- <host path>}
 * @param cdiDevices fully qualified CDI device names (the CRI's {@code CDIDevices} field)
 * @param annotations annotations for the runtime (a {@code cdi.k8s.io/} one lists CDI devices)
 */
public record ContainerAllocation(
    Map<String, List<String>> deviceIds,
    Map<String, String> envs,
    List<String> mounts,
    List<String> devices,
    List<String> cdiDevices,
    Map<String, String> annotations) {

  public ContainerAllocation {
    deviceIds = Map.copyOf(Objects.requireNonNull(deviceIds, "deviceIds"));
    envs = java.util.Collections.unmodifiableMap(new TreeMap<>(envs));
    mounts = List.copyOf(mounts);
    devices = List.copyOf(devices);
    cdiDevices = List.copyOf(cdiDevices);
    annotations = java.util.Collections.unmodifiableMap(new TreeMap<>(annotations));
  }

  /** Nothing allocated. */
  public static final ContainerAllocation NONE =
      new ContainerAllocation(Map.of(), Map.of(), List.of(), List.of(), List.of(), Map.of());
}
