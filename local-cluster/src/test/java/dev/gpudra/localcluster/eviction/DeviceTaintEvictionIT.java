package dev.gpudra.localcluster.eviction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The device-taint-eviction stand-in on the embedded API server: a pod whose claim holds gpu-0 of
 * node-a, and DeviceTaintRules on that GPU.
 */
class DeviceTaintEvictionIT {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private MutableClock clock;
  private LocalApiServer server;
  private KubernetesClient client;
  private DeviceTaintEvictionStandIn eviction;

  @BeforeEach
  void start() {
    server = new LocalApiServer().start();
    client = server.client();
    client.resource(YAML.unmarshal(SLICE, ResourceSlice.class)).create();
    clock = new MutableClock(Instant.now());
    eviction = new DeviceTaintEvictionStandIn(client, clock);
  }

  @AfterEach
  void stop() {
    eviction.close();
    server.close();
  }

  @Test
  @DisplayName(
      "a NoExecute rule on the pod's GPU: an event, DisruptionTarget, a graceful delete, and the"
          + " rule says Completed, 1 pod evicted")
  void evicts() {
    Pod pod = runningPod("");
    rule("drain", "NoExecute");

    eviction.pass();

    Pod after = client.pods().inNamespace("ns").withName("trainer").get();
    assertThat(after.getMetadata().getDeletionTimestamp()).as("deleted gracefully").isNotNull();
    assertThat(after.getStatus().getConditions())
        .filteredOn(c -> "DisruptionTarget".equals(c.getType()))
        .singleElement()
        .extracting(PodCondition::getReason, PodCondition::getMessage)
        .containsExactly(
            "DeletionByDeviceTaintManager",
            "Device Taint manager: deleting due to NoExecute taint");
    assertThat(after.getMetadata().getUid()).isEqualTo(pod.getMetadata().getUid());
    assertThat(client.v1().events().inNamespace("ns").list().getItems())
        .singleElement()
        .satisfies(e -> {
          assertThat(e.getReason()).isEqualTo("DeviceTaintManagerEviction");
          assertThat(e.getMessage()).isEqualTo("Marking for deletion");
          assertThat(e.getSource().getComponent()).isEqualTo("device-taint-eviction-controller");
        });
    assertThat(condition("drain"))
        .extracting(Condition::getStatus, Condition::getReason, Condition::getMessage)
        .containsExactly("False", "Completed", "1 pod evicted since starting the controller.");
  }

  @Test
  @DisplayName("a NoExecute toleration without seconds keeps the pod: NotStarted")
  void toleratedForever() {
    runningPod(toleration(""));
    rule("drain", "NoExecute");

    eviction.pass();

    assertThat(deleting()).isFalse();
    assertThat(condition("drain").getReason()).isEqualTo("NotStarted");
  }

  @Test
  @DisplayName(
      "tolerationSeconds 60: pending eviction until the minute is up, then evicted; the rule's"
          + " condition follows no faster than every 10 s")
  void toleratedForAMinute() {
    runningPod(toleration("    tolerationSeconds: 60\n"));
    rule("drain", "NoExecute");

    eviction.pass();

    assertThat(condition("drain"))
        .extracting(Condition::getStatus, Condition::getReason, Condition::getMessage)
        .containsExactly(
            "True", "PodsPendingEviction", "1 pod needs to be evicted in 1 namespace.");
    clock.advance(Duration.ofSeconds(60));
    eviction.pass();
    assertThat(deleting()).isTrue();
    assertThat(condition("drain").getReason()).isEqualTo("Completed");
  }

  @Test
  @DisplayName("an empty-effect toleration lets the scheduler place it but does not stop eviction")
  void effectlessTolerationEvicts() {
    runningPod(
        """
        tolerations:
          - key: gpu.nvidia.com/drain
            operator: Exists
        """);
    rule("drain", "NoExecute");

    eviction.pass();

    assertThat(deleting()).isTrue();
  }

  @Test
  @DisplayName(
      "effect None: nothing evicted, the rule says what NoExecute would do; NoSchedule: OtherEffect")
  void noneAndNoSchedule() {
    runningPod("");
    rule("dry-run", "None");
    rule("fence", "NoSchedule");

    eviction.pass();

    assertThat(deleting()).isFalse();
    assertThat(condition("dry-run").getMessage())
        .isEqualTo(
            "1 published device selected. 1 allocated device selected. 1 pod would be evicted in 1"
                + " namespace if the effect was NoExecute. This information will not be updated"
                + " again. Recreate the DeviceTaintRule to trigger an update.");
    assertThat(condition("fence"))
        .extracting(Condition::getReason, Condition::getMessage)
        .containsExactly("OtherEffect", "Eviction only happens for the NoExecute effect.");
  }

  private String toleration(String seconds) {
    return """
    tolerations:
      - key: gpu.nvidia.com/drain
        operator: Exists
        effect: NoExecute
    """
        + seconds;
  }

  /** A running pod on node-a whose claim holds gpu-0 with these allocation lines. */
  private Pod runningPod(String allocationExtra) {
    Pod pod = client.resource(YAML.unmarshal(POD, Pod.class)).create();
    client
        .pods()
        .inNamespace("ns")
        .withName("trainer")
        .editStatus(
            p -> new PodBuilder(p).editOrNewStatus().withPhase("Running").endStatus().build());
    ResourceClaim claim = client.resource(YAML.unmarshal(CLAIM, ResourceClaim.class)).create();
    String indented = allocationExtra.indent(8);
    ResourceClaim allocated =
        YAML.unmarshal(STATUS.formatted(indented, pod.getMetadata().getUid()), ResourceClaim.class);
    claim.setStatus(allocated.getStatus());
    client.resource(claim).updateStatus();
    return pod;
  }

  /** Whether the trainer pod is being deleted (gracefully: it is bound and running). */
  private boolean deleting() {
    return client
            .pods()
            .inNamespace("ns")
            .withName("trainer")
            .get()
            .getMetadata()
            .getDeletionTimestamp()
        != null;
  }

  /** Creates the rule and moves the clock to its {@code timeAdded}, the server's whole second. */
  private void rule(String name, String effect) {
    GenericKubernetesResource created =
        client
            .genericKubernetesResources(RuleStatusWriter.V1)
            .resource(YAML.unmarshal(RULE.formatted(name, effect), GenericKubernetesResource.class))
            .create();
    // the server's answer carries the timeAdded it set, as kube-apiserver's does
    Map<?, ?> spec = (Map<?, ?>) created.getAdditionalProperties().get("spec");
    clock.catchUp(Instant.parse((String) ((Map<?, ?>) spec.get("taint")).get("timeAdded")));
  }

  private Condition condition(String rule) {
    return RuleView.read(
            client.genericKubernetesResources(RuleStatusWriter.V1).withName(rule).get())
        .condition()
        .orElseThrow();
  }

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
        - name: gpu-1
      """;

  private static final String POD =
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: trainer, namespace: ns}
      spec:
        nodeName: node-a
        containers: [{name: main, image: busybox, resources: {claims: [{name: gpu}]}}]
        resourceClaims: [{name: gpu, resourceClaimName: one}]
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

  private static final String STATUS =
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: one, namespace: ns}
      status:
        allocation:
          devices:
            results:
            - request: gpu
              driver: gpu.nvidia.com
              pool: node-a
              device: gpu-0
      %s
        reservedFor:
        - {resource: pods, name: trainer, uid: %s}
      """;

  private static final String RULE =
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceTaintRule
      metadata: {name: %s}
      spec:
        deviceSelector: {driver: gpu.nvidia.com, pool: node-a, device: gpu-0}
        taint: {key: gpu.nvidia.com/drain, value: maintenance, effect: %s}
      """;

  /** A clock the test moves. */
  private static final class MutableClock extends Clock {
    private Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    void advance(Duration by) {
      now = now.plus(by);
    }

    void catchUp(Instant to) {
      if (to.isAfter(now)) {
        now = to;
      }
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
}
