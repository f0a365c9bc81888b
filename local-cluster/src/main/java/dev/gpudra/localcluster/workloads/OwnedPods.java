package dev.gpudra.localcluster.workloads;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** What the workload stand-ins read and write of the pods their objects own. */
final class OwnedPods {
  private OwnedPods() {}

  /** The pods whose controller is an object of {@code kind}, by that object's UID. */
  static Map<String, List<Pod>> byController(List<Pod> pods, String kind) {
    return pods.stream()
        .filter(p -> controller(p, kind) != null)
        .collect(Collectors.groupingBy(p -> controller(p, kind).getUid()));
  }

  /** The owner reference of the pod's controller of {@code kind}, or null. */
  static OwnerReference controller(Pod pod, String kind) {
    List<OwnerReference> refs = pod.getMetadata().getOwnerReferences();
    return refs == null
        ? null
        : refs.stream()
            .filter(r -> kind.equals(r.getKind()) && Boolean.TRUE.equals(r.getController()))
            .findFirst()
            .orElse(null);
  }

  /** A controller reference to {@code owner}, as its controller sets it on the pods it makes. */
  static OwnerReference reference(String kind, HasMetadata owner) {
    return new OwnerReferenceBuilder()
        .withApiVersion("apps/v1")
        .withKind(kind)
        .withName(owner.getMetadata().getName())
        .withUid(owner.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  static boolean deleting(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() != null;
  }

  static boolean ready(Pod pod) {
    return pod.getStatus() != null
        && pod.getStatus().getConditions() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** Deleted as the garbage collector deletes it: gracefully, the node stops it first. */
  static void deleteGracefully(KubernetesClient client, Pod pod) {
    client
        .pods()
        .inNamespace(pod.getMetadata().getNamespace())
        .withName(pod.getMetadata().getName())
        .delete();
  }
}
