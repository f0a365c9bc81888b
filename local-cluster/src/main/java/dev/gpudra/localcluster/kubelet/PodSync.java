package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet's pod sync on one node, for DRA only: for a pod bound to the node it sends one
 * NodePrepareResources per driver with the pod's claims not yet prepared on the node, resolves each
 * container's CDI device IDs and marks the pod Running; when the pod is gone or being deleted it
 * unprepares each of its claims that no other running pod on the node uses, and finishes a graceful
 * deletion.
 */
public final class PodSync implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PodSync.class);
  private static final long POLL_MILLIS = 50;

  /**
   * How long a pod whose prepare failed waits before the next attempt: the kubelet's pod workers
   * requeue a failed sync after 10 s (plus up to 50% jitter, left out here).
   */
  static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(10);

  private final String nodeName;
  private final KubernetesClient client;
  private final KubeletStandIn kubelet;
  private final Map<String, RunningPod> running = new ConcurrentHashMap<>();
  private final Map<String, PreparedClaim> prepared = new ConcurrentHashMap<>();
  private final Map<String, String> failures = new ConcurrentHashMap<>();
  private final Map<String, Instant> retryAt = new ConcurrentHashMap<>();
  private final Clock clock;
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("pod-sync").unstarted(r));

  public PodSync(String nodeName, KubernetesClient client, KubeletStandIn kubelet) {
    this(nodeName, client, kubelet, Clock.systemUTC());
  }

  /** With the clock that times the retries of failed prepares. */
  public PodSync(String nodeName, KubernetesClient client, KubeletStandIn kubelet, Clock clock) {
    this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
    this.client = Objects.requireNonNull(client, "client");
    this.kubelet = Objects.requireNonNull(kubelet, "kubelet");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  public void start() {
    poller.scheduleWithFixedDelay(this::safeSync, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** The running pod, by namespace and name. */
  public Optional<RunningPod> running(String namespace, String name) {
    return running.values().stream()
        .filter(p -> p.namespace().equals(namespace) && p.name().equals(name))
        .findFirst();
  }

  /** Why the pod could not start (the last prepare error), if it failed. */
  public Optional<String> failure(String namespace, String name) {
    return Optional.ofNullable(failures.get(namespace + "/" + name));
  }

  /** UIDs of the claims prepared on this node now. */
  public Set<String> preparedClaims() {
    return Set.copyOf(prepared.keySet());
  }

  /** One sync over the node's pods; public so tests can drive it without the poller. */
  public synchronized void sync() {
    List<Pod> pods =
        client.pods().inAnyNamespace().list().getItems().stream()
            .filter(p -> nodeName.equals(p.getSpec().getNodeName()))
            .toList();
    // a pod being deleted (deletionTimestamp set: a real API server's graceful delete) is stopped
    // like a pod that is gone, then its deletion is finished as the kubelet does
    Set<String> present =
        pods.stream()
            .filter(p -> !deleting(p))
            .map(p -> p.getMetadata().getUid())
            .collect(Collectors.toSet());
    retryAt.keySet().retainAll(present);
    for (RunningPod gone : running.values()) {
      if (!present.contains(gone.uid())) {
        stop(gone);
      }
    }
    pods.stream().filter(PodSync::deleting).forEach(this::finishDeletion);
    pods.stream()
        .filter(p -> !deleting(p))
        .filter(p -> !running.containsKey(p.getMetadata().getUid()))
        .forEach(this::tryStart);
    // level-triggered, as the kubelet's status manager: a status write lost to a conflict (the
    // scheduler wrote the pod meanwhile) is written again on the next pass
    pods.stream()
        .filter(p -> !deleting(p))
        .filter(p -> running.containsKey(p.getMetadata().getUid()))
        .filter(p -> p.getStatus() == null || !"Running".equals(p.getStatus().getPhase()))
        .forEach(this::markRunning);
  }

  private static boolean deleting(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() != null;
  }

  /** Its containers are stopped and its claims unprepared: remove the pod object for good. */
  private void finishDeletion(Pod pod) {
    failures.remove(pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName());
    retryAt.remove(pod.getMetadata().getUid());
    client
        .pods()
        .inNamespace(pod.getMetadata().getNamespace())
        .withName(pod.getMetadata().getName())
        .withGracePeriod(0)
        .delete();
  }

  private void tryStart(Pod pod) {
    String key = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    Instant next = retryAt.get(pod.getMetadata().getUid());
    if (next != null && clock.instant().isBefore(next)) {
      return;
    }
    Optional<Map<String, PodClaims.Claim>> claims = new PodClaims(client).readyClaims(pod);
    if (claims.isEmpty()) {
      return;
    }
    Optional<String> error = prepareMissing(claims.get().values());
    if (error.isPresent()) {
      retryAt.put(pod.getMetadata().getUid(), clock.instant().plus(RETRY_AFTER_FAILURE));
      if (!error.get().equals(failures.put(key, error.get()))) {
        markFailed(pod, error.get());
      }
      return;
    }
    retryAt.remove(pod.getMetadata().getUid());
    failures.remove(key);
    Map<String, List<PreparedDevice>> devices = new LinkedHashMap<>();
    claims
        .get()
        .forEach((podClaim, c) -> devices.put(podClaim, prepared.get(c.ref().uid()).devices()));
    RunningPod started =
        new RunningPod(
            pod.getMetadata().getNamespace(),
            pod.getMetadata().getName(),
            pod.getMetadata().getUid(),
            claims.get().values().stream().map(PodClaims.Claim::ref).toList(),
            ContainerDevices.resolve(pod, devices));
    running.put(started.uid(), started);
    markRunning(pod);
    log.info("pod {} running on {} with {}", key, nodeName, started.cdiDevices());
  }

  /** One NodePrepareResources per driver, with the claims no running pod has prepared yet. */
  private Optional<String> prepareMissing(Collection<PodClaims.Claim> claims) {
    Map<String, List<PodClaims.Claim>> byDriver = new LinkedHashMap<>();
    for (PodClaims.Claim c : claims) {
      if (!prepared.containsKey(c.ref().uid())) {
        c.drivers().forEach(d -> byDriver.computeIfAbsent(d, k -> new ArrayList<>()).add(c));
      }
    }
    Map<String, List<PreparedDevice>> results = new LinkedHashMap<>();
    for (var entry : byDriver.entrySet()) {
      List<ClaimRef> refs = entry.getValue().stream().map(PodClaims.Claim::ref).toList();
      try {
        for (var result : kubelet.prepare(entry.getKey(), refs).entrySet()) {
          PrepareResult r = result.getValue();
          if (r.failed()) {
            return Optional.of(
                "NodePrepareResources failed for ResourceClaim "
                    + result.getKey()
                    + ": "
                    + r.error());
          }
          results.computeIfAbsent(result.getKey(), k -> new ArrayList<>()).addAll(r.devices());
        }
      } catch (DraCallException e) {
        return Optional.of(e.getMessage());
      }
    }
    byDriver.values().stream()
        .flatMap(List::stream)
        .distinct()
        .forEach(c ->
            prepared.put(
                c.ref().uid(),
                new PreparedClaim(
                    c.ref(), c.drivers(), results.getOrDefault(c.ref().uid(), List.of()))));
    return Optional.empty();
  }

  private void stop(RunningPod pod) {
    running.remove(pod.uid());
    Set<String> stillUsed =
        running.values().stream()
            .flatMap(p -> p.claims().stream())
            .map(ClaimRef::uid)
            .collect(Collectors.toSet());
    Map<String, List<ClaimRef>> byDriver = new LinkedHashMap<>();
    for (ClaimRef ref : pod.claims()) {
      PreparedClaim claim = prepared.get(ref.uid());
      if (claim != null && !stillUsed.contains(ref.uid())) {
        claim.drivers().forEach(d -> byDriver.computeIfAbsent(d, k -> new ArrayList<>()).add(ref));
      }
    }
    byDriver.forEach((driver, refs) -> {
      var results = kubelet.unprepare(driver, refs);
      results.forEach((uid, r) -> {
        if (r.failed()) {
          log.warn(
              "unprepare of claim {} for pod {}/{} failed: {}",
              uid,
              pod.namespace(),
              pod.name(),
              r.error());
        } else {
          prepared.remove(uid);
        }
      });
    });
    log.info(
        "pod {}/{} gone from {}; unprepared {}",
        pod.namespace(),
        pod.name(),
        nodeName,
        byDriver.values());
  }

  private void markRunning(Pod pod) {
    editStatus(
        pod,
        p ->
            new PodBuilder(p)
                .editOrNewStatus()
                .withPhase("Running")
                .withMessage(null)
                .withReason(null)
                .endStatus()
                .build());
  }

  private void markFailed(Pod pod, String error) {
    editStatus(
        pod,
        p ->
            new PodBuilder(p)
                .editOrNewStatus()
                .withPhase("Pending")
                .withReason("ContainerCreating")
                .withMessage(error)
                .endStatus()
                .build());
  }

  private void editStatus(Pod pod, java.util.function.UnaryOperator<Pod> edit) {
    try {
      client
          .pods()
          .inNamespace(pod.getMetadata().getNamespace())
          .withName(pod.getMetadata().getName())
          .editStatus(edit);
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
        throw e;
      }
      // someone else wrote the pod meanwhile; the next pass writes the status again
      log.debug(
          "status of pod {}/{} not written: conflict",
          pod.getMetadata().getNamespace(),
          pod.getMetadata().getName());
    }
  }

  private void safeSync() {
    try {
      sync();
    } catch (RuntimeException e) {
      if (poller.isShutdown() || Thread.currentThread().isInterrupted()) {
        return; // stopping: the pass was cut short on purpose
      }
      // keep syncing: a failed pass (a pod deleted meanwhile, a conflict) is retried on the next
      log.warn("pod sync on {} failed", nodeName, e);
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
    try {
      poller.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private record PreparedClaim(ClaimRef ref, List<String> drivers, List<PreparedDevice> devices) {}
}
