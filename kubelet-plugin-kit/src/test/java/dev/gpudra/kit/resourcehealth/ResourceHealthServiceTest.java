package dev.gpudra.kit.resourcehealth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.proto.health.v1alpha1.HealthStatus;
import dev.gpudra.kit.proto.health.v1alpha1.NodeWatchResourcesResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ResourceHealthServiceTest {
  private final ResourceHealthService service =
      new ResourceHealthService(
          "node-a",
          listener -> () -> {},
          Clock.fixed(Instant.parse("2026-11-24T03:00:00Z"), ZoneOffset.UTC));

  @Test
  @DisplayName(
      "every device goes out in the node's pool with its status, the time in Unix seconds and a"
          + " message cut to 1024 characters")
  void response() {
    NodeWatchResourcesResponse response =
        service.response(
            List.of(
                new DeviceHealth("gpu-0", DeviceHealth.Status.UNHEALTHY, "critical XID 79"),
                new DeviceHealth("gpu-1", DeviceHealth.Status.UNKNOWN, "x".repeat(2000)),
                new DeviceHealth("gpu-2", DeviceHealth.Status.HEALTHY, null)));

    assertThat(response.getDevicesList())
        .extracting(
            d -> d.getDevice().getPoolName() + "/" + d.getDevice().getDeviceName(),
            d -> d.getHealth(),
            d -> d.getLastUpdatedTime(),
            d -> d.getMessage().length())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "node-a/gpu-0", HealthStatus.UNHEALTHY, 1_795_489_200L, 15),
            org.assertj.core.groups.Tuple.tuple(
                "node-a/gpu-1", HealthStatus.UNKNOWN, 1_795_489_200L, 1024),
            org.assertj.core.groups.Tuple.tuple(
                "node-a/gpu-2", HealthStatus.HEALTHY, 1_795_489_200L, 0));
  }
}
