package dev.gpudra.kit.claimstatus;

import static dev.gpudra.kit.claimstatus.ClaimSamples.DRIVER;
import static dev.gpudra.kit.claimstatus.ClaimSamples.claim;
import static dev.gpudra.kit.claimstatus.ClaimSamples.entry;
import static dev.gpudra.kit.claimstatus.ClaimSamples.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import dev.gpudra.kit.resourcehealth.HealthFeed;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The decorator on the fabric8 mock API server: what the claim's status shows, and when. */
@EnableKubernetesMockClient(crud = true)
class DeviceStatusDriverIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  KubernetesClient client;

  /** A driver that prepares gpu-0 of every claim; its health feed is published by the test. */
  private static final class GpuZero implements DraDriver, HealthFeed {
    private final List<Consumer<List<DeviceHealth>>> listeners = new CopyOnWriteArrayList<>();

    @Override
    public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
      PreparedDevice gpu =
          new PreparedDevice(List.of("gpu"), "node-a", "gpu-0", List.of(), Optional.empty());
      return claims.stream()
          .collect(
              Collectors.toMap(c -> c.getMetadata().getUid(), c -> PrepareResult.of(List.of(gpu))));
    }

    @Override
    public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
      return claims.stream().collect(Collectors.toMap(ClaimRef::uid, c -> UnprepareResult.ok()));
    }

    @Override
    public Optional<HealthFeed> healthFeed() {
      return Optional.of(this);
    }

    @Override
    public AutoCloseable subscribe(Consumer<List<DeviceHealth>> listener) {
      listeners.add(listener);
      listener.accept(List.of(new DeviceHealth("gpu-0", DeviceHealth.Status.HEALTHY, "")));
      return () -> listeners.remove(listener);
    }

    void publish(DeviceHealth health) {
      listeners.forEach(l -> l.accept(List.of(health)));
    }

    @Override
    public void handleError(Throwable error, String context) {
      throw new AssertionError(context, error);
    }
  }

  private DeviceStatusDriver wrap(GpuZero driver) {
    return DeviceStatusDriver.start(
        driver,
        new ClaimStatusWriter(
            new KubernetesClaimStatus(client),
            new StatusMerge(DRIVER, JSON),
            Clock.systemUTC(),
            Duration.ofMillis(50)),
        (uid, device) -> Map.of("uuid", "GPU-" + uid + "-" + device.deviceName()),
        List.of());
  }

  private ResourceClaim created() {
    ResourceClaim claim =
        claim(
            List.of(result(DRIVER, "gpu-0"), result("net.example.com", "nic-0")),
            List.of(entry("net.example.com", "nic-0")));
    claim.getMetadata().setResourceVersion(null);
    return client.resource(claim).create();
  }

  private Optional<AllocatedDeviceStatus> ours() {
    List<AllocatedDeviceStatus> devices =
        client
            .dynamicResourceAllocation()
            .v1()
            .resourceClaims()
            .inNamespace("default")
            .withName("claim")
            .get()
            .getStatus()
            .getDevices();
    return devices == null
        ? Optional.empty()
        : devices.stream().filter(d -> DRIVER.equals(d.getDriver())).findFirst();
  }

  private Optional<String> ready() {
    return ours().map(d -> d.getConditions().getFirst()).map(Condition::getStatus);
  }

  @Test
  @DisplayName("prepare reports data and Ready; health flips it; unprepare removes only ours")
  void lifecycle() throws Exception {
    ResourceClaim claim = created();
    GpuZero gpu = new GpuZero();
    try (DeviceStatusDriver driver = wrap(gpu)) {
      driver.prepare(List.of(claim));
      await().atMost(Duration.ofSeconds(10)).until(() -> ready().equals(Optional.of("True")));
      Map<?, ?> data = JSON.convertValue(ours().orElseThrow().getData(), Map.class);
      assertThat(data).isEqualTo(Map.of("uuid", "GPU-" + claim.getMetadata().getUid() + "-gpu-0"));

      gpu.publish(new DeviceHealth("gpu-0", DeviceHealth.Status.UNHEALTHY, "XID 79"));
      await().atMost(Duration.ofSeconds(10)).until(() -> ready().equals(Optional.of("False")));
      assertThat(ours().orElseThrow().getConditions().getFirst().getMessage()).isEqualTo("XID 79");

      driver.unprepare(List.of(new ClaimRef("default", "claim", claim.getMetadata().getUid())));
      await().atMost(Duration.ofSeconds(10)).until(() -> ours().isEmpty());
    }
    List<AllocatedDeviceStatus> left =
        client
            .dynamicResourceAllocation()
            .v1()
            .resourceClaims()
            .inNamespace("default")
            .withName("claim")
            .get()
            .getStatus()
            .getDevices();
    assertThat(left)
        .extracting(AllocatedDeviceStatus::getDriver)
        .containsExactly("net.example.com");
  }

  @Test
  @DisplayName("a claim deleted before its write is skipped; the next claim is still written")
  void deletedClaim() throws Exception {
    GpuZero gpu = new GpuZero();
    ResourceClaim gone = claim(List.of(result(DRIVER, "gpu-0")), List.of());
    gone.getMetadata().setName("gone");
    gone.getMetadata().setUid("uid-gone");
    try (DeviceStatusDriver driver = wrap(gpu)) {
      driver.prepare(List.of(gone));
      driver.prepare(List.of(created()));
      await().atMost(Duration.ofSeconds(10)).until(() -> ready().equals(Optional.of("True")));
    }
  }
}
