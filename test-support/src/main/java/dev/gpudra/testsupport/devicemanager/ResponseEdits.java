package dev.gpudra.testsupport.devicemanager;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Merges a container's Allocate responses, one per resource, as the kubelet does. */
final class ResponseEdits {
  private final Map<String, List<String>> ids = new LinkedHashMap<>();
  private final Map<String, String> envs = new LinkedHashMap<>();
  private final List<String> mounts = new ArrayList<>();
  private final List<String> devices = new ArrayList<>();
  private final List<String> cdiDevices = new ArrayList<>();
  private final Map<String, String> annotations = new LinkedHashMap<>();

  void add(String resource, List<String> deviceIds, ContainerAllocateResponse response) {
    ids.put(resource, List.copyOf(deviceIds));
    envs.putAll(response.getEnvsMap());
    response
        .getMountsList()
        .forEach(m -> mounts.add(m.getContainerPath() + " <- " + m.getHostPath()));
    response
        .getDevicesList()
        .forEach(d -> devices.add(d.getContainerPath() + " <- " + d.getHostPath()));
    response.getCdiDevicesList().forEach(c -> cdiDevices.add(c.getName()));
    annotations.putAll(response.getAnnotationsMap());
  }

  ContainerAllocation build() {
    return new ContainerAllocation(ids, envs, mounts, devices, cdiDevices, annotations);
  }
}
