package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A create with {@code dryRun=All}: validated and answered as the API server would, not stored. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DryRunIT {
  private LocalApiServer server;
  private KubernetesClient client;

  @BeforeAll
  void start() {
    server = new LocalApiServer().start();
    client = server.client();
  }

  @AfterAll
  void stop() {
    server.close();
  }

  private static ResourceSlice slice(String name, String driver) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withDriver(driver)
        .withNodeName("node-a")
        .withNewPool()
        .withName("node-a")
        .withGeneration(1L)
        .withResourceSliceCount(1L)
        .endPool()
        .addNewDevice()
        .withName("gpu-0")
        .addNewTaint()
        .withKey("gpu.nvidia.com/probe")
        .withEffect("NoSchedule")
        .endTaint()
        .endDevice()
        .endSpec()
        .build();
  }

  @Test
  @DisplayName("a valid object comes back as it would be stored, and is not stored")
  void answeredNotStored() {
    ResourceSlice answer = client.resource(slice("probe", "gpu.nvidia.com")).dryRun().create();

    assertThat(answer.getSpec().getDevices().getFirst().getTaints())
        .singleElement()
        .satisfies(t -> assertThat(t.getKey()).isEqualTo("gpu.nvidia.com/probe"));
    assertThat(client.resources(ResourceSlice.class).withName("probe").get()).isNull();
    assertThat(client.resources(ResourceSlice.class).list().getItems()).isEmpty();
  }

  @Test
  @DisplayName("an invalid object is refused with 422, as a real create would be")
  void invalidRefused() {
    assertThatThrownBy(() -> client.resource(slice("bad", "Not_A_Driver!")).dryRun().create())
        .isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(422));
    assertThat(client.resources(ResourceSlice.class).withName("bad").get()).isNull();
  }
}
