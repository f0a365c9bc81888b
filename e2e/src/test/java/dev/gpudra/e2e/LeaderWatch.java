package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A controller installed by a chart, watched while a suite runs: the holder of its Lease when the
 * suite began, and at its end the same holder, a renewal within the lease's duration, and none of
 * its pods restarted (a controller that cannot renew exits and restarts, issue 34).
 *
 * @param client a client of the cluster
 * @param namespace the controller's (and its Lease's) namespace
 * @param lease the Lease's name
 * @param pods the labels of the controller's pods
 * @param holder who held the Lease at the start
 * @param since when the watch began
 */
record LeaderWatch(
    KubernetesClient client,
    String namespace,
    String lease,
    Map<String, String> pods,
    String holder,
    Instant since) {
  /** Waits until the Lease has a holder and its pods are Ready. */
  static LeaderWatch begin(
      KubernetesClient client, String namespace, String lease, Map<String, String> pods) {
    await()
        .atMost(Duration.ofSeconds(120))
        .untilAsserted(() -> {
          Lease held = client.leases().inNamespace(namespace).withName(lease).get();
          assertThat(held).as("Lease %s/%s", namespace, lease).isNotNull();
          assertThat(held.getSpec().getHolderIdentity()).isNotBlank();
          assertThat(client.pods().inNamespace(namespace).withLabels(pods).list().getItems())
              .isNotEmpty()
              .allSatisfy(p -> assertThat(ready(p)).as("%s Ready", name(p)).isTrue());
        });
    return new LeaderWatch(
        client,
        namespace,
        lease,
        pods,
        client.leases().inNamespace(namespace).withName(lease).get().getSpec().getHolderIdentity(),
        Instant.now());
  }

  /**
   * Once at least {@code atLeast} has passed since the watch began (it waits for the rest, so a
   * suite that ran fast still spans the renewals it is about): the same holder, renewed within its
   * lease's duration (and after the watch began), no pod restarted, every pod Ready.
   */
  void assertLedThroughout(Duration atLeast) throws InterruptedException {
    Duration left = atLeast.minus(Duration.between(since, Instant.now()));
    if (left.isPositive()) {
      Thread.sleep(left.toMillis() + 1);
    }
    Lease now = client.leases().inNamespace(namespace).withName(lease).get();
    assertThat(now.getSpec().getHolderIdentity()).as("the Lease's holder").isEqualTo(holder);
    Instant renewed = now.getSpec().getRenewTime().toInstant();
    assertThat(renewed).as("renewed since the watch began").isAfter(since);
    assertThat(Duration.between(renewed, Instant.now()))
        .as("renewed within the lease's %ss", now.getSpec().getLeaseDurationSeconds())
        .isLessThanOrEqualTo(Duration.ofSeconds(now.getSpec().getLeaseDurationSeconds()));
    assertThat(client.pods().inNamespace(namespace).withLabels(pods).list().getItems())
        .isNotEmpty()
        .allSatisfy(p -> {
          assertThat(ready(p)).as("%s Ready", name(p)).isTrue();
          assertThat(p.getStatus().getContainerStatuses())
              .extracting(ContainerStatus::getRestartCount)
              .as("%s's restarts", name(p))
              .containsOnly(0);
        });
  }

  private static boolean ready(Pod pod) {
    return pod.getStatus() != null
        && pod.getStatus().getConditions() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True"));
  }

  private static String name(Pod pod) {
    return pod.getMetadata().getName();
  }
}
