package dev.gpudra.realcluster.node;

import java.util.Objects;

/**
 * The kubelet's configuration file for the node: its API on {@code address}:{@code port} (the
 * node's InternalIP, where the API server reaches it for logs and exec), no read-only or healthz
 * port, the cgroupfs driver (cgroup v1 allowed), no swap check, no resolv.conf, containerd's
 * socket, pod logs under the node's directory, and eviction and image GC thresholds that a busy
 * test machine's disk does not trip. It syncs pods every 10 s (the default is a minute), so that an
 * edited ConfigMap reaches a mounted volume within seconds.
 *
 * @param layout where things live
 * @param address the address it serves on: the node's IP on the pod bridge
 * @param port the kubelet's API port (a free one)
 */
public record KubeletConfig(NodeLayout layout, String address, int port) {
  public KubeletConfig {
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(address, "address");
    if (port <= 0 || port > 65535) {
      throw new IllegalArgumentException("kubelet port " + port + ": want 1-65535");
    }
  }

  public String yaml() {
    return """
    apiVersion: kubelet.config.k8s.io/v1beta1
    kind: KubeletConfiguration
    address: %s
    port: %d
    readOnlyPort: 0
    healthzPort: 0
    authentication:
      anonymous: {enabled: true}
      webhook: {enabled: false}
    authorization: {mode: AlwaysAllow}
    cgroupDriver: cgroupfs
    failCgroupV1: false
    failSwapOn: false
    resolvConf: ""
    containerRuntimeEndpoint: unix://%s
    podLogsDir: %s
    evictionHard: {memory.available: 100Mi, nodefs.available: 1%%, imagefs.available: 1%%, nodefs.inodesFree: 1%%}
    imageGCHighThresholdPercent: 100
    imageGCLowThresholdPercent: 99
    syncFrequency: 10s
    featureGates: {DRAExtendedResource: true, ResourceHealthStatus: true}
    """
        .formatted(address, port, layout.containerdSocket(), layout.podLogs());
  }
}
