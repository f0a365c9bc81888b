package dev.gpudra.localcluster.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatusBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The scheduler stand-in waits in PreBind for a device's binding conditions (KEP-5007) as
 * kube-scheduler 1.37 does; {@code BindingConditionsE2E} holds kube-scheduler to the same steps.
 */
class BindingConditionsIT {
  private static final String READY = "example.com/attached";
  private static final String FAILED = "example.com/attach-failed";

  private LocalApiServer server;
  private KubernetesClient client;
  private SchedulerStandIn scheduler;

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
    ResourceSlice slice = Fixtures.slice("node-a", 1);
    slice.getSpec().getDevices().getFirst().setBindingConditions(List.of(READY));
    slice.getSpec().getDevices().getFirst().setBindingFailureConditions(List.of(FAILED));
    client.resource(slice).create();
    client.resource(Fixtures.claim("one", 1, false)).create();
    client.resource(pod()).create();
    scheduler =
        new SchedulerStandIn(
            client,
            new PodPlacement(
                new Allocator(
                    new CelSelectorEvaluator(
                        new DeviceSelectorEnv(SelectorEnvOptions.defaults())))));
  }

  @AfterEach
  void stop() {
    scheduler.close();
    server.close();
  }

  private static Pod pod() {
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

  private Pod trainer() {
    return client.pods().inNamespace("ns").withName("trainer").get();
  }

  private ResourceClaim claim() {
    return client.resources(ResourceClaim.class).inNamespace("ns").withName("one").get();
  }

  private void condition(String type) {
    client
        .resources(ResourceClaim.class)
        .inNamespace("ns")
        .withName("one")
        .editStatus(c ->
            new ResourceClaimBuilder(c)
                .editStatus()
                .withDevices(
                    new AllocatedDeviceStatusBuilder()
                        .withDriver(Fixtures.DRIVER)
                        .withPool("node-a")
                        .withDevice("gpu-0")
                        .withConditions(
                            new ConditionBuilder()
                                .withType(type)
                                .withStatus("True")
                                .withReason("Attaching")
                                .withMessage("fabric said so")
                                .withLastTransitionTime(Instant.now().toString())
                                .build())
                        .build())
                .endStatus()
                .build());
  }

  @Test
  @DisplayName(
      "allocated and reserved, but not bound, until the device's binding condition is True; an"
          + " event says it waits")
  void waitsThenBinds() {
    scheduler.pass();

    assertThat(trainer().getSpec().getNodeName()).isNull();
    var allocation = claim().getStatus().getAllocation();
    assertThat(allocation.getDevices().getResults().getFirst().getBindingConditions())
        .containsExactly(READY);
    assertThat(allocation.getAllocationTimestamp()).isNotNull();
    assertThat(claim().getStatus().getReservedFor()).hasSize(1);
    assertThat(client.v1().events().inNamespace("ns").list().getItems())
        .anySatisfy(e -> {
          assertThat(e.getReason()).isEqualTo("BindingConditionsPending");
          assertThat(e.getMessage())
              .isEqualTo("waiting for binding conditions for device on node node-a");
        });

    scheduler.pass();
    assertThat(trainer().getSpec().getNodeName()).as("still waiting").isNull();

    condition(READY);
    scheduler.pass();

    assertThat(trainer().getSpec().getNodeName()).isEqualTo("node-a");
  }

  @Test
  @DisplayName(
      "a True failure condition: the claim is deallocated and the pod gets PodScheduled False,"
          + " SchedulerError, in kube-scheduler's words")
  void failureDeallocates() {
    scheduler.pass();
    condition(FAILED);

    scheduler.pass();

    assertThat(trainer().getSpec().getNodeName()).isNull();
    assertThat(claim().getStatus().getAllocation()).isNull();
    assertThat(claim().getStatus().getReservedFor()).isNullOrEmpty();
    assertThat(trainer().getStatus().getConditions())
        .filteredOn(c -> "PodScheduled".equals(c.getType()))
        .singleElement()
        .extracting(PodCondition::getReason, PodCondition::getMessage)
        .containsExactly(
            "SchedulerError",
            "running PreBind plugin \"DynamicResources\": device binding failed: claim=one,"
                + " reason=Attaching, message=\"fabric said so\"");
  }

  @Test
  @DisplayName("the API server refuses a failure condition without binding conditions, by field")
  void validated() {
    ResourceSlice slice = Fixtures.slice("node-b", 1);
    slice.getMetadata().setName("node-b-gpu");
    slice.getSpec().getDevices().getFirst().setBindingFailureConditions(List.of(FAILED));

    KubernetesClientException refused =
        Assertions.catchThrowableOfType(
            KubernetesClientException.class, () -> client.resource(slice).create());

    assertThat(refused.getCode()).isEqualTo(422);
    assertThat(refused.getMessage())
        .contains(
            "spec.devices[0].bindingConditions",
            "bindingConditions are required to use bindingFailureConditions");
  }
}
