package dev.gpudra.deviceplugin.config;

import java.util.List;

/**
 * {@code sharing.timeSlicing} or {@code sharing.mps}.
 *
 * @param renameByDefault advertise {@code <name>.shared} instead of {@code <name>}
 * @param failRequestsGreaterThanOne refuse a container asking for more than one replica (MPS: true
 *     unless set)
 * @param resources the resources shared, each with its replicas
 */
public record ReplicatedResources(
    boolean renameByDefault,
    boolean failRequestsGreaterThanOne,
    List<ReplicatedResource> resources) {
  public ReplicatedResources {
    resources = resources == null ? List.of() : List.copyOf(resources);
  }
}
