package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.gpudra.localcluster.validation.Slices;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ValidationIT {
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

  @Test
  @DisplayName("a slice like the GPU plugin publishes is stored")
  void acceptsGpuSlice() {
    client.resource(Slices.gpuSlice()).create();

    ResourceSlice stored =
        client.resources(ResourceSlice.class).withName("node-a-gpu.nvidia.com-abcde").get();
    assertThat(stored.getSpec().getDevices()).hasSize(8);
  }

  @Test
  @DisplayName("an invalid device name is refused with 422, the field error, and nothing stored")
  void refusesInvalidDeviceName() {
    List<Device> devices = new ArrayList<>(Slices.gpuSlice().getSpec().getDevices());
    devices.set(3, new DeviceBuilder(devices.get(3)).withName("GPU_0").build());

    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () -> client.resource(Slices.withDevices(devices)).create());

    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getStatus().getReason()).isEqualTo("Invalid");
    assertThat(e.getStatus().getDetails().getCauses())
        .singleElement()
        .satisfies(c -> assertThat(c.getField()).isEqualTo("spec.devices[3].name"));
    assertThat(e.getMessage())
        .contains(
            "spec.devices[3].name: Invalid value: \"GPU_0\": a lowercase RFC 1123 label must"
                + " consist of");
    assertThat(client.resources(ResourceSlice.class).list().getItems()).isEmpty();
  }

  @Test
  @DisplayName("more than 128 devices is one 'Too many' error")
  void refusesTooManyDevices() {
    List<Device> devices = IntStream.range(0, 129).mapToObj(Slices::gpu).toList();

    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () -> client.resource(Slices.withDevices(devices)).create());

    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getMessage()).contains("spec.devices: Too many: 129: must have at most 128 items");
  }

  @Test
  @DisplayName("a claim's spec cannot change, through update or patch; its status can")
  void claimSpecIsImmutable() {
    ResourceClaim claim = client.resource(claim(1)).inNamespace("default").create();

    ResourceClaim changed =
        new ResourceClaimBuilder(claim)
            .editSpec()
            .editDevices()
            .editFirstRequest()
            .editExactly()
            .withCount(2L)
            .endExactly()
            .endRequest()
            .endDevices()
            .endSpec()
            .build();
    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class, () -> client.resource(changed).update());

    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getMessage()).contains("spec: Invalid value").contains("field is immutable");
    assertThat(
            client
                .resources(ResourceClaim.class)
                .inNamespace("default")
                .withName("gpu")
                .get()
                .getSpec()
                .getDevices()
                .getRequests()
                .get(0)
                .getExactly()
                .getCount())
        .isEqualTo(1L);
  }

  @Test
  @DisplayName("with validation off, invalid objects are stored as sent")
  void validationCanBeTurnedOff() {
    try (LocalApiServer plain = new LocalApiServer(ApiValidation.NONE).start()) {
      plain.client().resource(Slices.withDevices(List.of(Slices.gpu(0), Slices.gpu(0)))).create();

      assertThat(plain.client().resources(ResourceSlice.class).list().getItems()).hasSize(1);
    }
  }

  private static ResourceClaim claim(long count) {
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
        .withCount(count)
        .endExactly()
        .endRequest()
        .endDevices()
        .endSpec()
        .build();
  }
}
