package dev.gpudra.operator.migration;

import dev.gpudra.operator.labels.NodeStack;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * Which stack a pod holds GPUs through, as NVIDIA's upgrade controller tells GPU pods: a pod not
 * yet finished whose containers ask for {@code nvidia.com/gpu*} or {@code nvidia.com/mig-*} holds
 * the device plugin's; one with an allocated claim of driver {@code gpu.nvidia.com} holds DRA's.
 */
public final class GpuPods {
  /** The DRA driver whose claims hold GPUs. */
  public static final String DRIVER = "gpu.nvidia.com";

  private GpuPods() {}

  /**
   * @param claims finds a claim by namespace and name
   * @return the pod as a GPU holder, or empty when it holds none (or has finished)
   */
  public static Optional<GpuPod> of(
      Pod pod, BiFunction<String, String, Optional<ResourceClaim>> claims) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
      return Optional.empty();
    }
    Optional<NodeStack> stack =
        asksDevicePlugin(pod)
            ? Optional.of(NodeStack.DEVICE_PLUGIN)
            : holdsDraClaim(pod, claims) ? Optional.of(NodeStack.DRA) : Optional.empty();
    return stack.map(s ->
        new GpuPod(
            pod.getMetadata().getNamespace(),
            pod.getMetadata().getName(),
            s,
            Optional.ofNullable(pod.getMetadata().getLabels()).orElse(Map.of()),
            pod.getMetadata().getDeletionTimestamp() != null));
  }

  /**
   * Whether the pod, not yet finished, holds any allocated {@code gpu.nvidia.com} claim, admin
   * access included: the DRA driver must unprepare it before the driver leaves the node.
   */
  public static boolean holdsAnyDraClaim(
      Pod pod, BiFunction<String, String, Optional<ResourceClaim>> claims) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
      return false;
    }
    String namespace = pod.getMetadata().getNamespace();
    return claimNames(pod).stream()
        .map(name -> claims.apply(namespace, name))
        .flatMap(Optional::stream)
        .anyMatch(c -> allocatedToDriver(c, true));
  }

  /**
   * Whether the pod, not yet finished, holds an allocated claim of {@code driver} (admin access not
   * counted), as a driver upgrade counts pods holding GPUs or ComputeDomain channels.
   */
  public static boolean holdsClaimOf(
      Pod pod, BiFunction<String, String, Optional<ResourceClaim>> claims, String driver) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
      return false;
    }
    String namespace = pod.getMetadata().getNamespace();
    return claimNames(pod).stream()
        .map(name -> claims.apply(namespace, name))
        .flatMap(Optional::stream)
        .anyMatch(c -> allocatedTo(c, driver, false));
  }

  private static boolean asksDevicePlugin(Pod pod) {
    List<Container> containers = new ArrayList<>(pod.getSpec().getContainers());
    containers.addAll(pod.getSpec().getInitContainers());
    return containers.stream()
        .filter(c -> c.getResources() != null)
        .flatMap(c -> Stream.of(c.getResources().getLimits(), c.getResources().getRequests()))
        .filter(m -> m != null)
        .flatMap((Map<String, Quantity> m) -> m.keySet().stream())
        .anyMatch(r -> r.startsWith("nvidia.com/gpu") || r.startsWith("nvidia.com/mig-"));
  }

  private static boolean holdsDraClaim(
      Pod pod, BiFunction<String, String, Optional<ResourceClaim>> claims) {
    String namespace = pod.getMetadata().getNamespace();
    return claimNames(pod).stream()
        .map(name -> claims.apply(namespace, name))
        .flatMap(Optional::stream)
        .anyMatch(c -> allocatedToDriver(c, false));
  }

  private static List<String> claimNames(Pod pod) {
    List<String> names = new ArrayList<>();
    for (PodResourceClaim claim : pod.getSpec().getResourceClaims()) {
      if (claim.getResourceClaimName() != null) {
        names.add(claim.getResourceClaimName());
      }
    }
    if (pod.getStatus() != null) {
      for (PodResourceClaimStatus status : pod.getStatus().getResourceClaimStatuses()) {
        if (status.getResourceClaimName() != null) {
          names.add(status.getResourceClaimName());
        }
      }
    }
    return names;
  }

  private static boolean allocatedToDriver(ResourceClaim claim, boolean adminAccessToo) {
    return allocatedTo(claim, DRIVER, adminAccessToo);
  }

  private static boolean allocatedTo(ResourceClaim claim, String driver, boolean adminAccessToo) {
    return claim.getStatus() != null
        && claim.getStatus().getAllocation() != null
        && claim.getStatus().getAllocation().getDevices() != null
        && claim.getStatus().getAllocation().getDevices().getResults().stream()
            .anyMatch(r ->
                driver.equals(r.getDriver())
                    && (adminAccessToo || !Boolean.TRUE.equals(r.getAdminAccess())));
  }
}
