package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A pod the kubelet stand-in started: its claims and, per container, the CDI device IDs the runtime
 * would get through the CRI {@code CDIDevices} field.
 *
 * @param namespace pod namespace
 * @param name pod name
 * @param uid pod UID
 * @param claims the pod's claims, each prepared on this node
 * @param cdiDevices CDI device IDs by container name, in container order
 */
public record RunningPod(
    String namespace,
    String name,
    String uid,
    List<ClaimRef> claims,
    Map<String, List<String>> cdiDevices) {

  public RunningPod {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uid, "uid");
    claims = List.copyOf(claims);
    cdiDevices = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(cdiDevices));
  }
}
