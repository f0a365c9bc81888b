package dev.gpudra.localcluster.devicemanager;

import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Objects;
import java.util.Set;

/**
 * A pod runtime with the device manager in front, as the kubelet's container manager: before the
 * containers start, their device-plugin resources are allocated and PreStartContainer is called
 * where a plugin requires it; after they stop, the devices are freed. A failed allocation fails the
 * start (the pod stays Pending with the message).
 */
public final class DevicePluginRuntime implements PodRuntime {
  private final DeviceManagerStandIn devices;
  private final PodRuntime containers;

  public DevicePluginRuntime(DeviceManagerStandIn devices, PodRuntime containers) {
    this.devices = Objects.requireNonNull(devices, "devices");
    this.containers = Objects.requireNonNull(containers, "containers");
  }

  @Override
  public void start(Pod pod, RunningPod started) {
    devices.allocate(pod);
    try {
      devices.preStart(pod.getMetadata().getUid());
      containers.start(pod, started);
    } catch (RuntimeException e) {
      devices.release(started.uid());
      throw e;
    }
  }

  @Override
  public boolean ready(RunningPod pod, String container) {
    return containers.ready(pod, container);
  }

  @Override
  public void stop(RunningPod pod) {
    try {
      containers.stop(pod);
    } finally {
      devices.release(pod.uid());
    }
  }

  @Override
  public Set<String> deviceManagerResources() {
    return devices.resources();
  }
}
