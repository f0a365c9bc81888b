package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.demo.Demo;
import dev.gpudra.localcluster.scheduler.AllocatorAgreement;
import dev.gpudra.localcluster.scheduler.SchedulerVerdict;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * kube-scheduler 1.37 with DRADeviceCompatibilityGroups on (alpha): the KEP's MIG and vGPU devices
 * of one GPU, on one counter set with room for all of them, in groups {@code mig} and {@code vgpu}.
 * Pods come one at a time; for each, our allocator, given the cluster just before, predicts what
 * the scheduler does: the devices it allocates, or that it finds no node.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CompatibilityGroupsE2E {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();
  private static final String GATE = "--feature-gates=DRADeviceCompatibilityGroups=true";
  private static final String VGPU = "&& device.attributes[\"gpu.nvidia.com\"].type == \"vgpu\"";

  private ControlPlaneProcess plane;
  private KubernetesClient client;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException {
    plane =
        ControlPlaneProcess.start(
            RealControlPlane.binaryOrSkip(),
            dir.resolve("cp"),
            Duration.ofSeconds(120),
            List.of(GATE));
    client = plane.client();
    ReadyNode.create(client, "node-a");
    client.resource(YAML.unmarshal(CLASS, DeviceClass.class)).create();
    client.resource(YAML.unmarshal(COUNTERS, ResourceSlice.class)).create();
    client.resource(YAML.unmarshal(DEVICES, ResourceSlice.class)).create();
    client
        .resource(new NamespaceBuilder().withNewMetadata().withName("ns").endMetadata().build())
        .create();
  }

  @AfterAll
  void stop() {
    if (plane != null) {
      plane.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName("the API server keeps the groups: the gate is on")
  void kept() {
    ResourceSlice stored = client.resources(ResourceSlice.class).withName("node-a-gpu").get();

    assertThat(
            stored
                .getSpec()
                .getDevices()
                .getFirst()
                .getConsumesCounters()
                .getFirst()
                .getAdditionalProperties())
        .containsEntry("compatibilityGroups", List.of("mig"));
  }

  @Test
  @Order(2)
  @DisplayName("the first pod gets mig-0, as we predict")
  void first() {
    assertThat(place("first", "1", "")).isEqualTo(Optional.of("mig-0"));
  }

  @Test
  @Order(3)
  @DisplayName(
      "two more devices: the counters hold them, but with mig-0 held only mig-1 is compatible;"
          + " no node, as we predict")
  void twoMore() {
    assertThat(place("pair", "2", "")).isEmpty();
  }

  @Test
  @Order(4)
  @DisplayName("a vGPU while a MIG device is allocated: no node, as we predict")
  void vgpuBesideMig() {
    assertThat(place("vgpu", "1", VGPU)).isEmpty();
  }

  @Test
  @Order(5)
  @DisplayName("once the MIG claim and the waiting pods are gone, both vGPUs fit, as we predict")
  void vgpusAlone() {
    for (String name : List.of("pair", "vgpu", "first")) {
      client.pods().inNamespace("ns").withName(name).withGracePeriod(0).delete();
      client.resources(ResourceClaim.class).inNamespace("ns").withName(name).delete();
    }
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() ->
            client.resources(ResourceClaim.class).inNamespace("ns").list().getItems().isEmpty()
                && client.pods().inNamespace("ns").list().getItems().isEmpty());

    assertThat(place("vgpus", "2", VGPU)).isEqualTo(Optional.of("vgpu-0"));
  }

  /**
   * Creates a claim for {@code count} devices and a pod using it, waits for the scheduler's
   * verdict, and checks our allocator agreed; returns the first device allocated, if bound.
   */
  private Optional<String> place(String name, String count, String selector) {
    ClusterSnapshot before = ClusterSnapshot.read(client);
    client
        .resource(YAML.unmarshal(CLAIM.formatted(name, count, selector), ResourceClaim.class))
        .create();
    client.resource(YAML.unmarshal(POD.formatted(name, name), Pod.class)).create();
    await().atMost(Duration.ofSeconds(30)).until(() -> !verdict(name).undecided());
    SchedulerVerdict verdict = verdict(name);
    ResourceClaim claim =
        client.resources(ResourceClaim.class).inNamespace("ns").withName(name).get();

    var agreement =
        new AllocatorAgreement(Demo.placement()).compare(before, List.of(claim), verdict);

    assertThat(agreement.differences()).as(name).isEmpty();
    return verdict
        .node()
        .map(n ->
            claim.getStatus().getAllocation().getDevices().getResults().getFirst().getDevice());
  }

  private SchedulerVerdict verdict(String pod) {
    Pod now = client.pods().inNamespace("ns").withName(pod).get();
    Optional<PodCondition> gaveUp =
        now.getStatus() == null || now.getStatus().getConditions() == null
            ? Optional.empty()
            : now.getStatus().getConditions().stream()
                .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()))
                .findFirst();
    return new SchedulerVerdict(
        Optional.ofNullable(now.getSpec().getNodeName()),
        gaveUp.map(PodCondition::getMessage),
        gaveUp.filter(c -> "SchedulerError".equals(c.getReason())).isPresent());
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

  private static final String COUNTERS =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: node-a-counters}
      spec:
        driver: gpu.nvidia.com
        nodeName: node-a
        pool: {name: node-a, generation: 1, resourceSliceCount: 2}
        sharedCounters:
        - name: gpu-0-counter-set
          counters: {memory: {value: "4"}}
      """;

  private static final String DEVICES =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: node-a-gpu}
      spec:
        driver: gpu.nvidia.com
        nodeName: node-a
        pool: {name: node-a, generation: 1, resourceSliceCount: 2}
        devices:
        - name: mig-0
          attributes: {type: {string: mig}}
          consumesCounters:
          - {counterSet: gpu-0-counter-set, counters: {memory: {value: "1"}}, compatibilityGroups: [mig]}
        - name: mig-1
          attributes: {type: {string: mig}}
          consumesCounters:
          - {counterSet: gpu-0-counter-set, counters: {memory: {value: "1"}}, compatibilityGroups: [mig]}
        - name: vgpu-0
          attributes: {type: {string: vgpu}}
          consumesCounters:
          - {counterSet: gpu-0-counter-set, counters: {memory: {value: "1"}}, compatibilityGroups: [vgpu]}
        - name: vgpu-1
          attributes: {type: {string: vgpu}}
          consumesCounters:
          - {counterSet: gpu-0-counter-set, counters: {memory: {value: "1"}}, compatibilityGroups: [vgpu]}
      """;

  private static final String CLAIM =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: %s, namespace: ns}
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.nvidia.com
              count: %s
              selectors: [{cel: {expression: 'true %s'}}]
      """;

  private static final String POD =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: %s, namespace: ns}
      spec:
        containers: [{name: main, image: busybox, resources: {claims: [{name: gpu}]}}]
        resourceClaims: [{name: gpu, resourceClaimName: %s}]
      """;
}
