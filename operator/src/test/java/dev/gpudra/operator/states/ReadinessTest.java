package dev.gpudra.operator.states;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ReadinessTest {
  /** A DaemonSet's generation and the counts its controller reported. */
  private record Status(
      long generation, long observed, int desired, int updated, int available, int unavailable) {}

  private static DaemonSet daemonSet(String strategy, Status status) {
    return new DaemonSetBuilder()
        .withNewMetadata()
        .withName("ds")
        .withGeneration(status.generation())
        .endMetadata()
        .withNewSpec()
        .withNewUpdateStrategy()
        .withType(strategy)
        .endUpdateStrategy()
        .endSpec()
        .withNewStatus()
        .withObservedGeneration(status.observed())
        .withDesiredNumberScheduled(status.desired())
        .withUpdatedNumberScheduled(status.updated())
        .withNumberAvailable(status.available())
        .withNumberUnavailable(status.unavailable())
        .endStatus()
        .build();
  }

  private static Pod pod(String revision, String phase, boolean ready) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("p")
        .addToLabels(Readiness.REVISION_HASH, revision)
        .endMetadata()
        .withNewStatus()
        .withPhase(phase)
        .addNewContainerStatus()
        .withName("c")
        .withReady(ready)
        .endContainerStatus()
        .endStatus()
        .build();
  }

  private static boolean ready(DaemonSet ds, List<Pod> pods, String revision) {
    return Readiness.daemonSetReady(Optional.of(ds), pods, Optional.ofNullable(revision));
  }

  @Test
  @DisplayName(
      "a RollingUpdate DaemonSet is ready when its newest generation is updated and available")
  void rollingUpdateDaemonSetsAreReadyWhenTheNewestGenerationIsUpdatedAndAvailable() {
    assertThat(ready(daemonSet("RollingUpdate", new Status(2, 2, 3, 3, 3, 0)), List.of(), null))
        .isTrue();
    assertThat(ready(daemonSet("RollingUpdate", new Status(2, 1, 3, 3, 3, 0)), List.of(), null))
        .as("the controller has not seen generation 2")
        .isFalse();
    assertThat(ready(daemonSet("RollingUpdate", new Status(2, 2, 3, 2, 3, 0)), List.of(), null))
        .isFalse();
    assertThat(ready(daemonSet("RollingUpdate", new Status(2, 2, 3, 3, 2, 1)), List.of(), null))
        .isFalse();
    assertThat(ready(daemonSet("RollingUpdate", new Status(2, 2, 0, 0, 0, 0)), List.of(), null))
        .as("nothing to schedule: no GPU node yet")
        .isTrue();
    assertThat(ready(daemonSet("RollingUpdate", new Status(1, 0, 0, 0, 0, 0)), List.of(), null))
        .as("just created: its controller has not counted yet")
        .isFalse();
    assertThat(Readiness.daemonSetReady(Optional.empty(), List.of(), Optional.empty())).isFalse();
  }

  @Test
  @DisplayName("an OnDelete DaemonSet is ready when every pod runs the newest revision, ready")
  void onDeleteDaemonSetsAreReadyWhenEveryPodRunsTheNewestRevisionReady() {
    DaemonSet driver = daemonSet("OnDelete", new Status(3, 3, 2, 1, 2, 0));

    assertThat(ready(driver, List.of(pod("v2", "Running", true), pod("v2", "Running", true)), "v2"))
        .isTrue();
    assertThat(ready(driver, List.of(pod("v2", "Running", true), pod("v1", "Running", true)), "v2"))
        .as("a pod still on the old revision")
        .isFalse();
    assertThat(ready(driver, List.of(pod("v2", "Running", false)), "v2")).isFalse();
    assertThat(ready(driver, List.of(pod("v2", "Running", true)), null)).isFalse();
  }

  @Test
  @DisplayName("a Deployment is ready with no unavailable replica and its pods running")
  void deploymentsAreReadyWithNoUnavailableReplicaAndRunningPods() {
    var deployment =
        new DeploymentBuilder().withNewStatus().withUnavailableReplicas(0).endStatus().build();
    var rolling =
        new DeploymentBuilder().withNewStatus().withUnavailableReplicas(1).endStatus().build();

    assertThat(
            Readiness.deploymentReady(Optional.of(deployment), List.of(pod("", "Running", true))))
        .isTrue();
    assertThat(
            Readiness.deploymentReady(Optional.of(deployment), List.of(pod("", "Pending", false))))
        .isFalse();
    assertThat(Readiness.deploymentReady(Optional.of(rolling), List.of())).isFalse();
  }
}
