package dev.gpudra.migrate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The device plugin's sharing, from its config, as the DRA driver's opaque configs. */
class SharingTest {
  private static final String TIME_SLICING_RENAMED =
      """
      version: v1
      sharing:
        timeSlicing:
          renameByDefault: true
          resources:
          - name: nvidia.com/gpu
            replicas: 4
      """;

  private static String pod(String resource, int count) {
    return """
    apiVersion: v1
    kind: Pod
    metadata: {name: p}
    spec:
      containers:
      - name: c
        resources:
          limits: {%s: %d}
    """
        .formatted(resource, count);
  }

  @Test
  @DisplayName(
      "time-slicing under renameByDefault: nvidia.com/gpu.shared becomes a GPU with a GpuConfig"
          + " of strategy TimeSlicing, interval Default, for its request only")
  void timeSlicedShared() {
    Migration migration =
        Migration.withConfig(TIME_SLICING_RENAMED, pod("nvidia.com/gpu.shared", 1));

    assertThat(migration.report()).isEmpty();
    assertThat(migration.output())
        .startsWith(
            """
            apiVersion: resource.k8s.io/v1
            kind: ResourceClaimTemplate
            metadata:
              name: p-c-gpu
            spec:
              spec:
                devices:
                  config:
                  - opaque:
                      driver: gpu.nvidia.com
                      parameters:
                        apiVersion: resource.nvidia.com/v1beta1
                        kind: GpuConfig
                        sharing:
                          strategy: TimeSlicing
                          timeSlicingConfig:
                            interval: Default
                    requests:
                    - gpu-shared
                  requests:
                  - exactly:
                      count: 1
                      deviceClassName: gpu.nvidia.com
                    name: gpu-shared
            ---
            """);
  }

  static Stream<Arguments> configs() {
    return Stream.of(
        Arguments.of(
            "renameByDefault: nvidia.com/gpu itself stays whole GPUs, no config",
            TIME_SLICING_RENAMED,
            "nvidia.com/gpu",
            "gpu.nvidia.com",
            "null"),
        Arguments.of(
            "time-slicing without rename: nvidia.com/gpu itself is time-sliced",
            """
            version: v1
            sharing:
              timeSlicing:
                resources: [{name: gpu, replicas: 2}]
            """,
            "nvidia.com/gpu",
            "gpu.nvidia.com",
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\",\"sharing\":"
                + "{\"strategy\":\"TimeSlicing\",\"timeSlicingConfig\":{\"interval\":\"Default\"}}}"),
        Arguments.of(
            "MPS with 4 replicas: strategy MPS, each claim 100/4 percent of the threads",
            """
            version: v1
            sharing:
              mps:
                resources: [{name: nvidia.com/gpu, replicas: 4}]
            """,
            "nvidia.com/gpu",
            "gpu.nvidia.com",
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\",\"sharing\":"
                + "{\"strategy\":\"MPS\",\"mpsConfig\":{\"defaultActiveThreadPercentage\":25}}}"),
        Arguments.of(
            "MPS renamed, 3 replicas: nvidia.com/gpu.shared, 33 percent",
            """
            version: v1
            flags: {mpsRoot: /var/mps}
            sharing:
              mps:
                renameByDefault: true
                resources: [{name: nvidia.com/gpu, replicas: 3}]
            """,
            "nvidia.com/gpu.shared",
            "gpu.nvidia.com",
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\",\"sharing\":"
                + "{\"strategy\":\"MPS\",\"mpsConfig\":{\"defaultActiveThreadPercentage\":33}}}"),
        Arguments.of(
            "time-sliced MIG devices: a MigDeviceConfig (no interval for MIG)",
            """
            version: v1
            flags: {migStrategy: mixed}
            sharing:
              timeSlicing:
                resources: [{name: nvidia.com/mig-1g.10gb, replicas: 2}]
            """,
            "nvidia.com/mig-1g.10gb",
            "mig.nvidia.com",
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"MigDeviceConfig\","
                + "\"sharing\":{\"strategy\":\"TimeSlicing\"}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("configs")
  @DisplayName("the config decides which resource is shared and how")
  void sharing(String name, String config, String resource, String deviceClass, String params) {
    Migration migration = Migration.withConfig(config, pod(resource, 1));

    assertThat(migration.report()).isEmpty();
    JsonNode devices =
        migration.object("ResourceClaimTemplate", "p-c-gpu").at("/spec/spec/devices");
    assertThat(devices.at("/requests/0/exactly/deviceClassName").asText()).isEqualTo(deviceClass);
    assertThat(devices.at("/config/0/opaque/parameters").toString())
        .isEqualTo(params.equals("null") ? "" : params);
    if (!params.equals("null")) {
      assertThat(devices.at("/config/0/requests/0").asText())
          .isEqualTo(devices.at("/requests/0/name").asText());
    }
  }

  @Test
  @DisplayName(
      "without failRequestsGreaterThanOne, two replicas become two GPUs (the device plugin might"
          + " have given two replicas of one)")
  void severalReplicas() {
    Migration migration =
        Migration.withConfig(
            """
            version: v1
            sharing:
              timeSlicing:
                failRequestsGreaterThanOne: false
                resources: [{name: nvidia.com/gpu, replicas: 4}]
            """,
            pod("nvidia.com/gpu", 2));

    assertThat(migration.report()).isEmpty();
    assertThat(
            migration
                .object("ResourceClaimTemplate", "p-c-gpu")
                .at("/spec/spec/devices/requests/0/exactly/count")
                .asLong())
        .isEqualTo(2);
  }
}
