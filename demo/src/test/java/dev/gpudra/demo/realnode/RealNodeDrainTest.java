package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.Expectation;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** gpu-drain on the real node: the rule's pool translated, evictions judged. */
class RealNodeDrainTest {
  private static final KubernetesSerialization YAML = new KubernetesSerialization();
  private static final String RULE =
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceTaintRule
      metadata: {name: drain-gpu-6}
      spec:
        deviceSelector: {driver: gpu.nvidia.com, pool: %s, device: gpu-6}
        taint: {key: gpu.nvidia.com/drain, value: maintenance, effect: NoExecute}
      """;

  @Test
  @DisplayName("a rule naming the played node's pool names the real node's; another pool stays")
  void translatesThePool() {
    GenericKubernetesResource played =
        RealNodeRules.onRealNode(
            YAML.unmarshal(RULE.formatted("gpu-node-2"), GenericKubernetesResource.class),
            "gpu-node-2");
    GenericKubernetesResource other =
        RealNodeRules.onRealNode(
            YAML.unmarshal(RULE.formatted("gpu-node-1"), GenericKubernetesResource.class),
            "gpu-node-2");

    assertThat(selector(played)).containsEntry("pool", RealNodeCluster.NODE);
    assertThat(selector(played)).containsEntry("device", "gpu-6");
    assertThat(selector(other)).containsEntry("pool", "gpu-node-1");
  }

  @Test
  @DisplayName(
      "an expected eviction passes; a missing one, or one of a pod expected Running, fails")
  void judgesEvictions() {
    Expectation.Pod evicted = want("Evicted");
    Expectation.Pod running = want("Running");
    RealPod ran =
        new RealPod(
            "p",
            Optional.empty(),
            Optional.of(RealNodeCluster.NODE),
            List.of(
                new DeviceRequestAllocationResultBuilder()
                    .withDriver("gpu.nvidia.com")
                    .withPool(RealNodeCluster.NODE)
                    .withDevice("gpu-6")
                    .withRequest("gpu")
                    .build()),
            Map.of("ctr", new ContainerReport(List.of("/dev/nvidia6"), List.of())),
            List.of(),
            Map.of());
    Map<String, String> byRule = Map.of("p", "DeviceTaintRule drain-gpu-6: done");

    assertThat(judge(evicted, ran, byRule).problems()).isEmpty();
    assertThat(judge(evicted, ran, Map.of()).problems())
        .containsExactly("p: expected Evicted, but no DeviceTaintRule evicted it");
    assertThat(judge(running, ran, byRule).problems())
        .containsExactly("p: expected Running, but evicted by DeviceTaintRule drain-gpu-6: done");
  }

  /** Pod {@code p} expected on gpu-node-2 with one device, in {@code phase}. */
  private static Expectation.Pod want(String phase) {
    return new Expectation.Pod(
        "p",
        phase,
        "gpu-node-2",
        1,
        null,
        null,
        null,
        null,
        null,
        false,
        false,
        null,
        null,
        null,
        null);
  }

  private static RealNodeJudge.Verdict judge(
      Expectation.Pod want, RealPod got, Map<String, String> evictions) {
    return RealNodeJudge.judge(
        new Expectation(List.of(want), false),
        Set.of("gpu-node-2"),
        new RealNodeJudge.Ended(Map.of("p", got), evictions),
        List.of());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> selector(GenericKubernetesResource rule) {
    Map<?, ?> spec = (Map<?, ?>) rule.getAdditionalProperties().get("spec");
    return (Map<String, Object>) spec.get("deviceSelector");
  }
}
