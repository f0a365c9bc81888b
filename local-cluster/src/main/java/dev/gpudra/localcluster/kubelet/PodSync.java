package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet's pod sync on one node, for DRA: for a pod bound to the node it sends one
 * NodePrepareResources per driver with the pod's claims not yet prepared on the node, resolves each
 * container's CDI device IDs, has the {@link PodRuntime} start its containers and marks the pod
 * Running (Ready once the runtime says so); when the pod is gone or being deleted it stops its
 * containers, unprepares each of its claims that no other running pod on the node uses, and
 * finishes a graceful deletion. As the kubelet's pod workers, each pod's start and stop run on a
 * worker of their own: a prepare that waits for another pod (an MPS daemon) does not hold it up.
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
  private final PodRuntime runtime;
  private final PodStatuses statuses;
  private final ClaimLocks claimLocks = new ClaimLocks();
  private final Map<String, RunningPod> running = new ConcurrentHashMap<>();
  private final Map<String, PreparedClaim> prepared = new ConcurrentHashMap<>();
  private final Map<String, String> failures = new ConcurrentHashMap<>();
  private final Map<String, Instant> retryAt = new ConcurrentHashMap<>();
  private final Set<String> busy = ConcurrentHashMap.newKeySet();
  private final Clock clock;
  private final ExecutorService workers =
      Executors.newThreadPerTaskExecutor(
          Thread.ofPlatform().daemon().name("pod-worker-", 0).factory());
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("pod-sync").unstarted(r));

  public PodSync(String nodeName, KubernetesClient client, KubeletStandIn kubelet) {
    this(nodeName, client, kubelet, Clock.systemUTC(), PodRuntime.NONE);
  }

  /** With the clock that times the retries of failed prepares. */
  public PodSync(String nodeName, KubernetesClient client, KubeletStandIn kubelet, Clock clock) {
    this(nodeName, client, kubelet, clock, PodRuntime.NONE);
  }

  /** With the runtime that runs the started pods' containers. */
  public PodSync(
      String nodeName,
      KubernetesClient client,
      KubeletStandIn kubelet,
      Clock clock,
      PodRuntime runtime) {
    this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
    this.client = Objects.requireNonNull(client, "client");
    this.kubelet = Objects.requireNonNull(kubelet, "kubelet");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.statuses = new PodStatuses(client, clock);
  }

  public void start() {
    poller.scheduleWithFixedDelay(this::safePass, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
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

  /**
   * One sync over the node's pods, returning once the starts and stops it began are done; public so
   * tests can drive it without the poller.
   */
  public void sync() throws InterruptedException {
    for (Future<?> work : pass()) {
      try {
        work.get();
      } catch (ExecutionException e) {
        throw new IllegalStateException("a pod worker failed", e.getCause());
      }
    }
  }

  /** One pass: hands each pod that needs a start or a stop to its worker, writes stale statuses. */
  private synchronized List<Future<?>> pass() {
    List<Pod> pods =
        client.pods().inAnyNamespace().list().getItems().stream()
            .filter(p -> nodeName.equals(p.getSpec().getNodeName()))
            .toList();
    Set<String> listed =
        pods.stream().map(p -> p.getMetadata().getUid()).collect(Collectors.toSet());
    retryAt.keySet().retainAll(listed);
    List<Future<?>> work = new ArrayList<>();
    for (RunningPod gone : running.values()) {
      if (!listed.contains(gone.uid())) {
        submit(gone.uid(), () -> stop(gone)).ifPresent(work::add);
      }
    }
    for (Pod pod : pods) {
      String uid = pod.getMetadata().getUid();
      if (deleting(pod)) {
        // a real API server's graceful delete: stopped like a pod that is gone, then finished
        submit(uid, () -> stopAndFinish(pod)).ifPresent(work::add);
      } else if (!running.containsKey(uid)) {
        submit(uid, () -> tryStart(pod)).ifPresent(work::add);
      } else if (!busy.contains(uid)) {
        RunningPod started = running.get(uid);
        Map<String, Boolean> ready = readiness(pod, started);
        if (PodStatuses.stale(pod, ready)) {
          statuses.running(pod, ready);
        }
      }
    }
    return work;
  }

  /** Runs the task on a worker unless the pod has one already. */
  private Optional<Future<?>> submit(String uid, Runnable task) {
    if (!busy.add(uid)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          workers.submit(() -> {
            try {
              task.run();
            } catch (RuntimeException e) {
              log.warn("pod worker on {} failed; the next pass tries again", nodeName, e);
            } finally {
              busy.remove(uid);
            }
          }));
    } catch (RejectedExecutionException e) {
      busy.remove(uid);
      return Optional.empty(); // stopping
    }
  }

  private static boolean deleting(Pod pod) {
    return pod.getMetadata().getDeletionTimestamp() != null;
  }

  private Map<String, Boolean> readiness(Pod pod, RunningPod started) {
    Map<String, Boolean> ready = new LinkedHashMap<>();
    pod.getSpec()
        .getContainers()
        .forEach(c -> ready.put(c.getName(), runtime.ready(started, c.getName())));
    return ready;
  }

  /** Its containers stopped and claims unprepared: remove the pod object for good. */
  private void stopAndFinish(Pod pod) {
    RunningPod started = running.get(pod.getMetadata().getUid());
    if (started != null) {
      stop(started);
    }
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
    Optional<Map<String, PodClaims.Claim>> claims =
        new PodClaims(client, runtime.deviceManagerResources()).readyClaims(pod);
    if (claims.isEmpty()) {
      return;
    }
    Optional<String> error;
    RunningPod started = null;
    try (ClaimLocks.Held held = claimLocks.lock(uids(claims.get().values()))) {
      error = prepareMissing(claims.get().values());
      if (error.isEmpty()) {
        Map<String, List<PreparedDevice>> devices = new LinkedHashMap<>();
        claims
            .get()
            .forEach((podClaim, c) -> devices.put(podClaim, prepared.get(c.ref().uid()).devices()));
        started =
            new RunningPod(
                pod.getMetadata().getNamespace(),
                pod.getMetadata().getName(),
                pod.getMetadata().getUid(),
                claims.get().values().stream().map(PodClaims.Claim::ref).toList(),
                ContainerDevices.resolve(pod, devices));
        running.put(started.uid(), started);
      }
    }
    if (error.isEmpty()) {
      error = startContainers(pod, started);
    }
    if (error.isPresent()) {
      retryAt.put(pod.getMetadata().getUid(), clock.instant().plus(RETRY_AFTER_FAILURE));
      if (!error.get().equals(failures.put(key, error.get()))) {
        statuses.failed(pod, error.get());
      }
      return;
    }
    retryAt.remove(pod.getMetadata().getUid());
    failures.remove(key);
    statuses.running(pod, readiness(pod, started));
    log.info("pod {} running on {} with {}", key, nodeName, started.cdiDevices());
  }

  /** The runtime starts the containers; a failure stops the pod again and says why. */
  private Optional<String> startContainers(Pod pod, RunningPod started) {
    try {
      runtime.start(pod, started);
      return Optional.empty();
    } catch (RuntimeException e) {
      stop(started);
      return Optional.of(
          "cannot start the containers of pod "
              + started.namespace()
              + "/"
              + started.name()
              + ": "
              + e.getMessage());
    }
  }

  private static List<String> uids(Collection<PodClaims.Claim> claims) {
    return claims.stream().map(c -> c.ref().uid()).toList();
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
    runtime.stop(pod);
    try (ClaimLocks.Held held =
        claimLocks.lock(pod.claims().stream().map(ClaimRef::uid).toList())) {
      unprepareUnused(pod);
    }
  }

  /** Unprepares the pod's claims that no other running pod on the node uses. */
  private void unprepareUnused(RunningPod pod) {
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

  private void safePass() {
    try {
      pass();
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
    workers.shutdownNow();
    try {
      poller.awaitTermination(5, TimeUnit.SECONDS);
      workers.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private record PreparedClaim(ClaimRef ref, List<String> drivers, List<PreparedDevice> devices) {}
}
