package dev.gpudra.gpu.mps;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The daemons' Deployments in the API server: made, waited for, deleted. */
public final class MpsDaemons {
  private static final Logger log = LoggerFactory.getLogger(MpsDaemons.class);
  private static final Duration POLL = Duration.ofMillis(250);
  private static final int CONFLICT = 409;

  private final KubernetesClient client;
  private final MpsNode node;

  public MpsDaemons(KubernetesClient client, MpsNode node) {
    this.client = Objects.requireNonNull(client, "client");
    this.node = Objects.requireNonNull(node, "node");
  }

  /** Creates the Deployment; one made by an earlier attempt of the same claim is kept. */
  public void create(Deployment deployment) {
    String name = deployment.getMetadata().getName();
    try {
      client.apps().deployments().inNamespace(node.namespace()).resource(deployment).create();
      log.info("MPS control daemon {}: Deployment created in {}", name, node.namespace());
    } catch (KubernetesClientException e) {
      if (e.getCode() != CONFLICT) {
        throw new MpsException(
            "cannot create Deployment " + node.namespace() + "/" + name + ": " + e.getMessage(), e);
      }
      log.info("MPS control daemon {}: Deployment exists from an earlier attempt", name);
    }
  }

  /**
   * Waits until each daemon's Deployment has its one pod ready.
   *
   * @param claim for the message
   * @throws MpsDaemonNotReadyException naming the first daemon not ready and why, when the wait is
   *     over
   */
  public void awaitReady(String claim, List<String> names) {
    Instant deadline = Instant.now().plus(node.readyWait());
    for (String name : names) {
      Optional<String> waiting = notReady(name);
      while (waiting.isPresent() && Instant.now().isBefore(deadline)) {
        sleep(POLL);
        waiting = notReady(name);
      }
      if (waiting.isPresent()) {
        throw new MpsDaemonNotReadyException(
            "claim "
                + claim
                + ": MPS control daemon "
                + node.namespace()
                + "/"
                + name
                + " is not ready after "
                + node.readyWait().toSeconds()
                + "s ("
                + waiting.get()
                + "); the kubelet retries the claim, which waits for the same daemon");
      }
    }
  }

  /** Why the daemon is not ready, or empty when it is. */
  Optional<String> notReady(String name) {
    Deployment deployment =
        client.apps().deployments().inNamespace(node.namespace()).withName(name).get();
    if (deployment == null) {
      return Optional.of("its Deployment is gone");
    }
    Integer ready =
        deployment.getStatus() == null ? null : deployment.getStatus().getReadyReplicas();
    List<Pod> pods = pods(name);
    if (pods.isEmpty()) {
      return Optional.of("no pod yet");
    }
    Pod pod = pods.getFirst();
    List<ContainerStatus> statuses =
        pod.getStatus() == null ? List.of() : pod.getStatus().getContainerStatuses();
    if (ready != null
        && ready == 1
        && statuses.size() == 1
        && Boolean.TRUE.equals(statuses.getFirst().getReady())) {
      return Optional.empty();
    }
    return Optional.of(podState(pod, statuses));
  }

  private static String podState(Pod pod, List<ContainerStatus> statuses) {
    String phase = pod.getStatus() == null ? "Pending" : pod.getStatus().getPhase();
    for (ContainerStatus status : statuses) {
      if (status.getState() != null && status.getState().getWaiting() != null) {
        return "pod "
            + pod.getMetadata().getName()
            + " "
            + phase
            + ", container waiting: "
            + status.getState().getWaiting().getReason();
      }
      if (status.getLastState() != null && status.getLastState().getTerminated() != null) {
        return "pod "
            + pod.getMetadata().getName()
            + " "
            + phase
            + ", container restarted after exit code "
            + status.getLastState().getTerminated().getExitCode();
      }
    }
    return "pod " + pod.getMetadata().getName() + " " + phase + ", not ready";
  }

  /**
   * Deletes the Deployment (foreground: its pods first) and waits for its pods to go, at most the
   * node's stop wait; a Deployment already gone is fine.
   *
   * @return whether its pods are gone
   */
  public boolean delete(String name) {
    try {
      client
          .apps()
          .deployments()
          .inNamespace(node.namespace())
          .withName(name)
          .withPropagationPolicy(DeletionPropagation.FOREGROUND)
          .delete();
    } catch (KubernetesClientException e) {
      throw new MpsException(
          "cannot delete Deployment " + node.namespace() + "/" + name + ": " + e.getMessage(), e);
    }
    Instant deadline = Instant.now().plus(node.stopWait());
    while (!pods(name).isEmpty() || exists(name)) {
      if (Instant.now().isAfter(deadline)) {
        log.warn(
            "MPS control daemon {}: its pod is still there after {}s; its directories go anyway",
            name,
            node.stopWait().toSeconds());
        return false;
      }
      sleep(POLL);
    }
    log.info("MPS control daemon {}: Deployment and pod gone", name);
    return true;
  }

  /** The names of this node's daemon Deployments. */
  public List<String> names() {
    return client
        .apps()
        .deployments()
        .inNamespace(node.namespace())
        .withLabel(MpsDeployment.COMPONENT_LABEL, MpsDeployment.COMPONENT)
        .withLabel(MpsDeployment.NODE_LABEL, node.nodeName())
        .list()
        .getItems()
        .stream()
        .map(d -> d.getMetadata().getName())
        .sorted()
        .toList();
  }

  private boolean exists(String name) {
    return client.apps().deployments().inNamespace(node.namespace()).withName(name).get() != null;
  }

  private List<Pod> pods(String name) {
    return client.pods().inNamespace(node.namespace()).withLabel("app", name).list().getItems();
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MpsException("interrupted while waiting for an MPS control daemon", e);
    }
  }
}
