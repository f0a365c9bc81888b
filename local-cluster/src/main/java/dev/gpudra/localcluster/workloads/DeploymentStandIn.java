package dev.gpudra.localcluster.workloads;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatus;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Deployment and ReplicaSet controllers' part the plugin relies on, without the ReplicaSet in
 * between: each Deployment gets {@code spec.replicas} pods from its template (named {@code
 * <deployment>-<5 characters>}, owned by it), and a status counting them and their Ready ones; a
 * deleted Deployment's pods get a deletion timestamp (a graceful delete, which the node finishes
 * once their containers stopped), and a foreground deletion finishes once they are gone, as the
 * garbage collector finishes it. Polls every 100 ms.
 */
public final class DeploymentStandIn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DeploymentStandIn.class);
  private static final String KIND = "Deployment";
  private static final String FOREGROUND = "foregroundDeletion";
  private static final String SUFFIX_CHARS = "bcdfghjklmnpqrstvwxz2456789";

  private final KubernetesClient client;
  private final RandomGenerator random = new SecureRandom();
  private final StandInLoop loop;

  public DeploymentStandIn(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
    this.loop = new StandInLoop("deployment-stand-in", this::step, 100);
  }

  public void start() {
    loop.start();
  }

  /** One reconcile of every Deployment; public so tests can drive it without the poller. */
  public synchronized void step() {
    List<Deployment> deployments = client.apps().deployments().inAnyNamespace().list().getItems();
    List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
    Map<String, List<Pod>> owned = OwnedPods.byController(pods, KIND);
    Set<String> live =
        deployments.stream()
            .filter(d -> d.getMetadata().getDeletionTimestamp() == null)
            .map(d -> d.getMetadata().getUid())
            .collect(Collectors.toSet());
    for (Deployment d : deployments) {
      List<Pod> mine = owned.getOrDefault(d.getMetadata().getUid(), List.of());
      if (live.contains(d.getMetadata().getUid())) {
        reconcile(d, mine);
      } else if (mine.isEmpty()) {
        finishForegroundDeletion(d);
      }
    }
    owned.forEach((uid, orphans) -> {
      if (!live.contains(uid)) {
        orphans.stream()
            .filter(p -> !OwnedPods.deleting(p))
            .forEach(p -> OwnedPods.deleteGracefully(client, p));
      }
    });
  }

  private void reconcile(Deployment d, List<Pod> pods) {
    List<Pod> current = pods.stream().filter(p -> !OwnedPods.deleting(p)).toList();
    int replicas = d.getSpec().getReplicas() == null ? 1 : d.getSpec().getReplicas();
    for (int i = current.size(); i < replicas; i++) {
      create(d);
    }
    current.stream().skip(replicas).forEach(p -> OwnedPods.deleteGracefully(client, p));
    int ready = (int) current.stream().limit(replicas).filter(OwnedPods::ready).count();
    DeploymentStatus status =
        new DeploymentStatusBuilder()
            .withObservedGeneration(d.getMetadata().getGeneration())
            .withReplicas(Math.min(replicas, current.size()))
            .withUpdatedReplicas(Math.min(replicas, current.size()))
            .withReadyReplicas(ready)
            .withAvailableReplicas(ready)
            .build();
    if (!status.equals(d.getStatus())) {
      d.setStatus(status);
      client
          .apps()
          .deployments()
          .inNamespace(d.getMetadata().getNamespace())
          .resource(d)
          .updateStatus();
    }
  }

  /**
   * A foreground deletion waits for the garbage collector: once the Deployment's pods are gone, its
   * {@code foregroundDeletion} finalizer goes and the API server removes it.
   */
  private void finishForegroundDeletion(Deployment d) {
    List<String> finalizers = d.getMetadata().getFinalizers();
    if (finalizers == null || !finalizers.contains(FOREGROUND)) {
      return;
    }
    client
        .apps()
        .deployments()
        .inNamespace(d.getMetadata().getNamespace())
        .withName(d.getMetadata().getName())
        .edit(x -> {
          x.getMetadata().getFinalizers().remove(FOREGROUND);
          return x;
        });
  }

  private void create(Deployment d) {
    String name = d.getMetadata().getName() + "-" + suffix();
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(d.getMetadata().getNamespace())
            .withLabels(d.getSpec().getTemplate().getMetadata().getLabels())
            .withOwnerReferences(OwnedPods.reference(KIND, d))
            .endMetadata()
            .withSpec(d.getSpec().getTemplate().getSpec())
            .build();
    client.pods().inNamespace(d.getMetadata().getNamespace()).resource(pod).create();
    log.info(
        "Deployment {}/{}: created pod {}",
        d.getMetadata().getNamespace(),
        d.getMetadata().getName(),
        name);
  }

  private String suffix() {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      s.append(SUFFIX_CHARS.charAt(random.nextInt(SUFFIX_CHARS.length())));
    }
    return s.toString();
  }

  @Override
  public void close() {
    loop.close();
  }
}
