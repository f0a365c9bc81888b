package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.demo.Demo;
import dev.gpudra.localcluster.scheduler.AllocatorAgreement;
import dev.gpudra.localcluster.scheduler.SchedulerVerdict;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatusBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kube-scheduler 1.37 and binding conditions (KEP-5007, beta, on): the same steps as the scheduler
 * stand-in's {@code BindingConditionsIT}, on the real control plane. A device whose slice lists
 * binding conditions is allocated and reserved, the pod waits unbound (event {@code
 * BindingConditionsPending}) until the claim's {@code status.devices} says the condition is True; a
 * True failure condition fails the binding. Our allocator predicts the same allocation.
 */
class BindingConditionsE2E {
  private static final String READY = "example.com/attached";
  private static final String FAILED = "example.com/attach-failed";
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  @TempDir Path dir;

  @Test
  @DisplayName(
      "the pod waits unbound until the binding condition is True, then binds; our allocator"
          + " predicts the allocation, binding conditions and all")
  void waitsThenBinds() throws InterruptedException {
    try (ControlPlaneProcess plane = start()) {
      KubernetesClient client = plane.client();
      ClusterSnapshot before = setUp(client);
      client.resource(YAML.unmarshal(POD, Pod.class)).create();

      await().atMost(Duration.ofSeconds(30)).until(() -> reserved(client));
      ResourceClaim claim = claim(client);
      var result = claim.getStatus().getAllocation().getDevices().getResults().getFirst();
      assertThat(result.getBindingConditions()).containsExactly(READY);
      assertThat(result.getBindingFailureConditions()).containsExactly(FAILED);
      assertThat(claim.getStatus().getAllocation().getAllocationTimestamp()).isNotNull();
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() ->
              assertThat(client.v1().events().inNamespace("ns").list().getItems())
                  .anySatisfy(e -> {
                    assertThat(e.getReason()).isEqualTo("BindingConditionsPending");
                    assertThat(e.getMessage())
                        .isEqualTo("waiting for binding conditions for device on node node-a");
                  }));
      Thread.sleep(6_000); // more than one of kube-scheduler's 5 s polls
      assertThat(pod(client).getSpec().getNodeName()).as("still waiting").isNull();

      condition(client, READY);

      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> pod(client).getSpec().getNodeName() != null);
      assertThat(pod(client).getSpec().getNodeName()).isEqualTo("node-a");
      var agreement =
          new AllocatorAgreement(Demo.placement())
              .compare(
                  before,
                  List.of(claim(client)),
                  new SchedulerVerdict(Optional.of("node-a"), Optional.empty(), false));
      assertThat(agreement.differences()).isEmpty();
    }
  }

  @Test
  @DisplayName(
      "a True failure condition fails the binding: PodScheduled False, SchedulerError, in the"
          + " words the scheduler stand-in uses")
  void failureCondition() throws InterruptedException {
    try (ControlPlaneProcess plane = start()) {
      KubernetesClient client = plane.client();
      setUp(client);
      client.resource(YAML.unmarshal(POD, Pod.class)).create();
      await().atMost(Duration.ofSeconds(30)).until(() -> reserved(client));

      condition(client, FAILED);

      AtomicReference<PodCondition> seen = new AtomicReference<>();
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> {
            Optional<PodCondition> c = scheduled(pod(client));
            c.filter(x -> "False".equals(x.getStatus())).ifPresent(seen::set);
            return seen.get() != null;
          });
      assertThat(pod(client).getSpec().getNodeName()).isNull();
      assertThat(seen.get().getReason()).isEqualTo("SchedulerError");
      assertThat(seen.get().getMessage())
          .isEqualTo(
              "running PreBind plugin \"DynamicResources\": device binding failed: claim=one,"
                  + " reason=Attaching, message=\"fabric said so\"");
    }
  }

  private ControlPlaneProcess start() throws InterruptedException {
    return ControlPlaneProcess.start(
        RealControlPlane.binaryOrSkip(), dir.resolve("w"), Duration.ofSeconds(120), List.of());
  }

  /** A Ready node, the class, the slice and the claim; the cluster as it then is. */
  private static ClusterSnapshot setUp(KubernetesClient client) {
    ReadyNode.create(client, "node-a");
    client.resource(YAML.unmarshal(CLASS, DeviceClass.class)).create();
    client.resource(YAML.unmarshal(SLICE, ResourceSlice.class)).create();
    client
        .resource(
            new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                .withNewMetadata()
                .withName("ns")
                .endMetadata()
                .build())
        .create();
    client.resource(YAML.unmarshal(CLAIM, ResourceClaim.class)).create();
    return ClusterSnapshot.read(client);
  }

  private static boolean reserved(KubernetesClient client) {
    ResourceClaim claim = claim(client);
    return claim.getStatus() != null
        && claim.getStatus().getReservedFor() != null
        && !claim.getStatus().getReservedFor().isEmpty();
  }

  private static ResourceClaim claim(KubernetesClient client) {
    return client.resources(ResourceClaim.class).inNamespace("ns").withName("one").get();
  }

  private static Pod pod(KubernetesClient client) {
    return client.pods().inNamespace("ns").withName("trainer").get();
  }

  private static Optional<PodCondition> scheduled(Pod pod) {
    return pod.getStatus() == null || pod.getStatus().getConditions() == null
        ? Optional.empty()
        : pod.getStatus().getConditions().stream()
            .filter(c -> "PodScheduled".equals(c.getType()))
            .findFirst();
  }

  private static void condition(KubernetesClient client, String type) {
    client
        .resources(ResourceClaim.class)
        .inNamespace("ns")
        .withName("one")
        .editStatus(c ->
            new ResourceClaimBuilder(c)
                .editStatus()
                .withDevices(
                    new AllocatedDeviceStatusBuilder()
                        .withDriver("gpu.nvidia.com")
                        .withPool("node-a")
                        .withDevice("gpu-0")
                        .withConditions(
                            new ConditionBuilder()
                                .withType(type)
                                .withStatus("True")
                                .withReason("Attaching")
                                .withMessage("fabric said so")
                                .withLastTransitionTime(
                                    Instant.now()
                                        .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                                        .toString())
                                .build())
                        .build())
                .endStatus()
                .build());
  }

  private static final String CLASS =
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: gpu.nvidia.com}
      spec:
        selectors:
        - cel: {expression: 'device.driver == "gpu.nvidia.com"'}
      """;

  private static final String SLICE =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: node-a-gpu}
      spec:
        driver: gpu.nvidia.com
        nodeName: node-a
        pool: {name: node-a, generation: 1, resourceSliceCount: 1}
        devices:
        - name: gpu-0
          bindingConditions: [example.com/attached]
          bindingFailureConditions: [example.com/attach-failed]
      """;

  private static final String CLAIM =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: one, namespace: ns}
      spec:
        devices:
          requests:
          - name: gpu
            exactly: {deviceClassName: gpu.nvidia.com}
      """;

  private static final String POD =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: trainer, namespace: ns}
      spec:
        containers: [{name: main, image: busybox, resources: {claims: [{name: gpu}]}}]
        resourceClaims: [{name: gpu, resourceClaimName: one}]
      """;
}
