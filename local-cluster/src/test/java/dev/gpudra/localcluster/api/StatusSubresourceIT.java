package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomainCrds;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Status is written only through the {@code status} subresource, as the kube-apiserver's registry
 * strategies have it for ResourceClaims and for custom resources whose CRD declares the
 * subresource.
 */
class StatusSubresourceIT {
  private LocalApiServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    server = new LocalApiServer().start();
    client = server.client();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static ResourceClaimStatus allocated() {
    return new ResourceClaimStatusBuilder()
        .withAllocation(
            new AllocationResultBuilder()
                .withNewDevices()
                .addNewResult()
                .withRequest("gpu")
                .withDriver("gpu.nvidia.com")
                .withPool("node-a")
                .withDevice("gpu-0")
                .endResult()
                .endDevices()
                .build())
        .build();
  }

  private static ResourceClaim claim(ResourceClaimStatus status) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withName("gpu")
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withNewDevices()
        .addNewRequest()
        .withName("gpu")
        .withNewExactly()
        .withDeviceClassName("gpu.nvidia.com")
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .withStatus(status)
        .build();
  }

  private ResourceClaim stored() {
    return client.resources(ResourceClaim.class).inNamespace("default").withName("gpu").get();
  }

  @Test
  @DisplayName("a ResourceClaim created with status is stored without it, in the answer and after")
  void claimCreateDropsStatus() {
    ResourceClaim created = client.resource(claim(allocated())).create();

    assertThat(created.getStatus()).isNull();
    assertThat(stored().getStatus()).isNull();
  }

  @Test
  @DisplayName(
      "a ResourceClaim's status is written through /status; an update of the claim itself keeps"
          + " the stored status")
  void claimStatusOnlyThroughSubresource() {
    ResourceClaim created = client.resource(claim(null)).create();

    client
        .resource(new ResourceClaimBuilder(created).withStatus(allocated()).build())
        .updateStatus();
    assertThat(stored().getStatus().getAllocation().getDevices().getResults())
        .singleElement()
        .satisfies(r -> assertThat(r.getDevice()).isEqualTo("gpu-0"));

    ResourceClaim relabelled =
        new ResourceClaimBuilder(stored())
            .editMetadata()
            .addToLabels("team", "a")
            .endMetadata()
            .withStatus(new ResourceClaimStatus())
            .build();
    client.resource(relabelled).update();

    assertThat(stored().getMetadata().getLabels()).containsEntry("team", "a");
    assertThat(stored().getStatus()).isEqualTo(allocated());
  }

  @Test
  @DisplayName("a ComputeDomain (CRD with the status subresource) created with status has none")
  void customResourceCreateDropsStatus() {
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
    GenericKubernetesResource domain =
        new KubernetesSerialization()
            .unmarshal(
                "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"ComputeDomain\","
                    + "\"metadata\":{\"name\":\"cd\",\"namespace\":\"default\"},"
                    + "\"spec\":{\"numNodes\":1,\"channel\":{\"resourceClaimTemplate\":"
                    + "{\"name\":\"cd-channel\"}}},\"status\":{\"status\":\"Ready\"}}",
                GenericKubernetesResource.class);

    client.resource(domain).create();

    GenericKubernetesResource stored =
        client
            .genericKubernetesResources("resource.nvidia.com/v1beta1", "ComputeDomain")
            .inNamespace("default")
            .withName("cd")
            .get();
    assertThat(stored.getAdditionalProperties()).doesNotContainKey("status");
    assertThat(stored.getAdditionalProperties()).containsKey("spec");
  }
}
