package dev.gpudra.localcluster.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * DeviceTaintRules created in the embedded API server reach the embedded scheduler: a rule that
 * drains the only GPU keeps a pod pending, naming the rule; deleting it lets the pod schedule.
 */
class TaintRuleSchedulingIT {
  private static final ResourceDefinitionContext V1 =
      new ResourceDefinitionContext.Builder()
          .withGroup("resource.k8s.io")
          .withVersion("v1")
          .withPlural("devicetaintrules")
          .withKind("DeviceTaintRule")
          .withNamespaced(false)
          .build();

  private LocalApiServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    server = new LocalApiServer().start();
    client = server.client();
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> client.resource(c).create());
    client
        .resource(new NodeBuilder().withNewMetadata().withName("node-a").endMetadata().build())
        .create();
    client.resource(Fixtures.slice("node-a", 1)).create();
    client.resource(Fixtures.claim("one", 1, false)).create();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private GenericKubernetesResource drain() {
    return new KubernetesSerialization()
        .unmarshal(
            """
            apiVersion: resource.k8s.io/v1
            kind: DeviceTaintRule
            metadata: {name: drain-gpu-0}
            spec:
              deviceSelector: {driver: gpu.nvidia.com, pool: node-a, device: gpu-0}
              taint: {key: gpu.nvidia.com/drain, effect: NoExecute}
            """,
            GenericKubernetesResource.class);
  }

  private Pod podUsingClaim() {
    return new PodBuilder(Fixtures.pod("trainer"))
        .editSpec()
        .addNewResourceClaim()
        .withName("gpu")
        .withResourceClaimName("one")
        .endResourceClaim()
        .addNewContainer()
        .withName("main")
        .withImage("busybox")
        .endContainer()
        .endSpec()
        .build();
  }

  @Test
  @DisplayName("the snapshot the scheduler reads holds the rule")
  void snapshot() {
    client.genericKubernetesResources(V1).resource(drain()).create();

    assertThat(ClusterSnapshot.read(client).taintRules())
        .singleElement()
        .satisfies(r -> assertThat(r.name()).isEqualTo("drain-gpu-0"));
  }

  @Test
  @DisplayName("a pod whose claim's only device is drained stays pending until the rule goes")
  void drained() {
    client.genericKubernetesResources(V1).resource(drain()).create();
    client.resource(podUsingClaim()).create();
    try (SchedulerStandIn scheduler =
        new SchedulerStandIn(
            client,
            new PodPlacement(
                new Allocator(
                    new CelSelectorEvaluator(
                        new DeviceSelectorEnv(SelectorEnvOptions.defaults())))))) {
      scheduler.pass();

      assertThat(client.pods().inNamespace("ns").withName("trainer").get().getSpec().getNodeName())
          .isNull();
      assertThat(scheduler.unschedulable("ns", "trainer").orElseThrow().misses())
          .singleElement()
          .satisfies(m ->
              assertThat(m.outcome().orElseThrow().explanation().toString())
                  .contains("from DeviceTaintRule drain-gpu-0"));

      client.genericKubernetesResources(V1).withName("drain-gpu-0").delete();
      for (int i = 0; i < 20; i++) {
        scheduler.pass();
      }

      assertThat(client.pods().inNamespace("ns").withName("trainer").get().getSpec().getNodeName())
          .isEqualTo("node-a");
    }
  }
}
