package dev.gpudra.localcluster.kubelet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.registration.DraService;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReferenceBuilder;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stand-in's pod sync against a plugin over its socket: retries as the kubelet does. */
class PodSyncIT {

  /** A clock the test moves. */
  private static final class SteppedClock extends Clock {
    private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  @Test
  @DisplayName("a failed prepare is retried after the kubelet's 10 s back-off, not on every pass")
  void failedPrepareBacksOff(@TempDir Path dir) throws InterruptedException {
    SteppedClock clock = new SteppedClock();
    try (LocalNode node = new LocalNode(dir).start(Set.of(DraService.V1));
        PodSync sync = new PodSync(LocalNode.NODE, node.client, node.kubelet, clock)) {
      Pod pod = boundPodWithClaim(node, "trainer", "gpu-0");
      node.driver.failNext.set(new IllegalStateException("GPU fell off the bus"));

      sync.sync();
      assertThat(sync.failure("default", "trainer")).get().asString().contains("fell off the bus");
      for (int pass = 0; pass < 20; pass++) {
        sync.sync();
      }
      assertThat(node.driver.prepareCalls).hasValue(1);

      clock.advance(PodSync.RETRY_AFTER_FAILURE);
      sync.sync();

      assertThat(node.driver.prepareCalls).hasValue(2);
      assertThat(sync.running("default", "trainer")).isPresent();
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() ->
              "Running"
                  .equals(
                      node.client
                          .pods()
                          .inNamespace("default")
                          .withName(pod.getMetadata().getName())
                          .get()
                          .getStatus()
                          .getPhase()));
    }
  }

  /** Records what it is asked to run; a container is ready once the test says so. */
  private static final class RecordingRuntime implements PodRuntime {
    final List<String> events = new CopyOnWriteArrayList<>();
    final Set<String> ready = ConcurrentHashMap.newKeySet();
    final CountDownLatch daemonStarted = new CountDownLatch(1);

    @Override
    public void start(Pod pod, RunningPod started) {
      events.add("start " + started.name());
      if (started.name().equals("daemon")) {
        daemonStarted.countDown();
      }
    }

    @Override
    public boolean ready(RunningPod pod, String container) {
      return ready.contains(pod.name());
    }

    @Override
    public void stop(RunningPod pod) {
      events.add("stop " + pod.name());
    }
  }

  @Test
  @DisplayName(
      "a prepare that waits for another pod of the node does not hold it up: that pod starts on its"
          + " own worker meanwhile; Ready follows the runtime; a deleted pod's containers stop"
          + " before its claim is unprepared")
  void podsStartOnTheirOwnWorkers(@TempDir Path dir) throws InterruptedException {
    RecordingRuntime runtime = new RecordingRuntime();
    try (LocalNode node = new LocalNode(dir).start(Set.of(DraService.V1));
        PodSync sync =
            new PodSync(LocalNode.NODE, node.client, node.kubelet, Clock.systemUTC(), runtime)) {
      AtomicBoolean daemonSeen = new AtomicBoolean();
      node.driver.duringPrepare =
          () -> {
            node.client.resource(plainPod("daemon")).create();
            try {
              daemonSeen.set(runtime.daemonStarted.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          };
      boundPodWithClaim(node, "trainer", "gpu-0");
      sync.start();

      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> sync.running("default", "trainer").isPresent());
      assertThat(daemonSeen).isTrue();
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> condition(node, "daemon", "Ready").equals("False"));

      runtime.ready.add("daemon");
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> condition(node, "daemon", "Ready").equals("True"));

      node.client.pods().inNamespace("default").withName("trainer").delete();
      await().atMost(Duration.ofSeconds(10)).until(() -> !node.driver.unprepared.isEmpty());
      assertThat(runtime.events).containsSubsequence("start trainer", "stop trainer");
      assertThat(node.client.pods().inNamespace("default").withName("trainer").get()).isNull();
    }
  }

  private static String condition(LocalNode node, String pod, String type) {
    Pod current = node.client.pods().inNamespace("default").withName(pod).get();
    if (current == null
        || current.getStatus() == null
        || current.getStatus().getConditions() == null) {
      return "";
    }
    return current.getStatus().getConditions().stream()
        .filter(c -> type.equals(c.getType()))
        .map(c -> c.getStatus())
        .findFirst()
        .orElse("");
  }

  private static Pod plainPod(String name) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withNodeName(LocalNode.NODE)
        .addNewContainer()
        .withName("c")
        .withImage("busybox")
        .endContainer()
        .endSpec()
        .build();
  }

  /** A pod bound to the node, with an allocated claim reserved for it. */
  private static Pod boundPodWithClaim(LocalNode node, String name, String device) {
    Pod pod =
        node.client
            .resource(
                new PodBuilder()
                    .withNewMetadata()
                    .withName(name)
                    .withNamespace("default")
                    .endMetadata()
                    .withNewSpec()
                    .withNodeName(LocalNode.NODE)
                    .addNewResourceClaim()
                    .withName("gpu")
                    .withResourceClaimName(name + "-claim")
                    .endResourceClaim()
                    .addNewContainer()
                    .withName("c")
                    .withImage("busybox")
                    .withNewResources()
                    .addNewClaim()
                    .withName("gpu")
                    .endClaim()
                    .endResources()
                    .endContainer()
                    .endSpec()
                    .build())
            .create();
    ClaimRef claim = node.allocatedClaim(name + "-claim", device, null);
    node.client
        .resources(ResourceClaim.class)
        .inNamespace("default")
        .withName(claim.name())
        .editStatus(c -> {
          c.getStatus()
              .setReservedFor(
                  java.util.List.of(
                      new ResourceClaimConsumerReferenceBuilder()
                          .withResource("pods")
                          .withName(name)
                          .withUid(pod.getMetadata().getUid())
                          .build()));
          return c;
        });
    return pod;
  }
}
