package dev.gpudra.controllerkit.leaderelection;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One process's leader election: the configuration java-operator-sdk runs it from, whether this
 * process leads, and whether RBAC lets it. The access is asked at start and every {@link
 * #CHECK_PERIOD}; while a verb is denied, {@link #problem()} says which (the process's readiness
 * fails on it), a Warning Event {@value LeadershipEvents#FORBIDDEN} is recorded once, and {@code
 * gpu_dra_leader_election_forbidden} is 1. A role fixed later is noticed at the next check.
 */
public final class Leadership implements AutoCloseable {
  static final Duration CHECK_PERIOD = Duration.ofSeconds(30);

  private static final Logger log = LoggerFactory.getLogger(Leadership.class);

  private final LeaseElection lease;
  private final LeaseAccess access;
  private final LeadershipEvents events;
  private final LeadershipMetrics metrics;
  private final AtomicReference<AccessVerdict> verdict =
      new AtomicReference<>(new AccessVerdict.Unknown("not asked yet"));
  private final AtomicBoolean leading = new AtomicBoolean();
  private final ScheduledExecutorService checks;

  private Leadership(
      LeaseElection lease, LeaseAccess access, LeadershipEvents events, LeadershipMetrics metrics) {
    this.lease = lease;
    this.access = access;
    this.events = events;
    this.metrics = metrics;
    this.checks =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("leader-election-access").unstarted(r));
  }

  /**
   * Asks for the access once now, then every {@link #CHECK_PERIOD}.
   *
   * @param subject what the Events are about ({@link #subject})
   * @param component the Events' source
   * @param registry where the metrics go
   */
  public static Leadership start(
      KubernetesClient client,
      LeaseElection lease,
      ObjectReference subject,
      String component,
      PrometheusRegistry registry) {
    Leadership leadership =
        new Leadership(
            lease,
            new LeaseAccess(client, lease),
            new LeadershipEvents(client, subject, component, Clock.systemUTC()),
            new LeadershipMetrics(registry, lease.name()));
    leadership.check();
    long period = CHECK_PERIOD.toSeconds();
    leadership.checks.scheduleWithFixedDelay(leadership::check, period, period, TimeUnit.SECONDS);
    return leadership;
  }

  /**
   * What the Events are about: this process's Pod, from the downward API's {@code POD_NAME} and
   * {@code POD_NAMESPACE} (the Lease's namespace when unset); without a Pod name, the Lease.
   */
  public static ObjectReference subject(LeaseElection lease, Map<String, String> env) {
    String pod = env.getOrDefault("POD_NAME", "");
    if (pod.isBlank()) {
      return new ObjectReferenceBuilder()
          .withApiVersion("coordination.k8s.io/v1")
          .withKind("Lease")
          .withName(lease.name())
          .withNamespace(lease.namespace())
          .build();
    }
    String namespace = env.getOrDefault("POD_NAMESPACE", "");
    return new ObjectReferenceBuilder()
        .withApiVersion("v1")
        .withKind("Pod")
        .withName(pod)
        .withNamespace(namespace.isBlank() ? lease.namespace() : namespace)
        .build();
  }

  void check() {
    AccessVerdict now;
    try {
      now = access.check();
    } catch (RuntimeException e) {
      now = new AccessVerdict.Unknown("asking the API server failed: " + e);
    }
    AccessVerdict before = verdict.getAndSet(now);
    metrics.forbidden(now instanceof AccessVerdict.Denied);
    switch (now) {
      case AccessVerdict.Denied denied when !denied.equals(before) -> {
        log.error("{}", denied.message());
        events.warn(LeadershipEvents.FORBIDDEN, denied.message());
      }
      case AccessVerdict.Allowed allowed when before instanceof AccessVerdict.Denied ->
          log.info(
              "leader election: RBAC now allows get, create and patch on the {}", lease.describe());
      case AccessVerdict.Unknown unknown when !(before instanceof AccessVerdict.Unknown) ->
          log.warn("leader election: {}", unknown.reason());
      default -> {}
    }
  }

  /**
   * The configuration java-operator-sdk elects with: this process's identity is its host name and a
   * random UUID, as controller-runtime's (two replicas on one host stay apart); losing the lease
   * runs {@code onStopLeading} instead of java-operator-sdk's exit, which would block when the
   * lease ends in a shutdown hook.
   */
  public LeaderElectionConfiguration configuration(Runnable onStopLeading) {
    Objects.requireNonNull(onStopLeading, "onStopLeading");
    return new LeaderElectionConfiguration(
        lease.name(),
        lease.namespace(),
        lease.leaseDuration(),
        lease.renewDeadline(),
        lease.retryPeriod(),
        hostName() + "_" + UUID.randomUUID(),
        new LeaderCallbacks(this::started, () -> stopped(onStopLeading), leader -> {}),
        false);
  }

  private void started() {
    leading.set(true);
    metrics.leading(true);
    log.info("leading: holding the {}", lease.describe());
  }

  private void stopped(Runnable onStopLeading) {
    leading.set(false);
    metrics.leading(false);
    onStopLeading.run();
  }

  /** Whether this process holds the Lease now. */
  public boolean leading() {
    return leading.get();
  }

  /** Why this process cannot lead, when RBAC denies it a verb; empty otherwise. */
  public Optional<String> problem() {
    return verdict.get() instanceof AccessVerdict.Denied denied
        ? Optional.of(denied.message())
        : Optional.empty();
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "gpu-dra"; // the UUID after it keeps replicas apart
    }
  }

  @Override
  public void close() {
    checks.shutdownNow();
  }
}
