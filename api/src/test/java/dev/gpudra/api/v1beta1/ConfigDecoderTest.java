package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.fabric8.kubernetes.api.model.KubernetesListBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigDecoderTest {
  private final ConfigDecoder decoder = new ConfigDecoder();

  record Decoded(String name, String json, DeviceConfig expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  record Rejected(String name, String json, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Decoded> accepted() {
    return Stream.of(
        new Decoded("empty GpuConfig", cfg("GpuConfig", ""), new GpuConfig(null)),
        new Decoded(
            "time slicing with interval",
            cfg(
                "GpuConfig",
                ",\"sharing\":{\"strategy\":\"TimeSlicing\","
                    + "\"timeSlicingConfig\":{\"interval\":\"Long\"}}"),
            new GpuConfig(
                new GpuSharing(
                    SharingStrategy.TIME_SLICING,
                    new TimeSlicingConfig(TimeSliceInterval.LONG),
                    null))),
        new Decoded(
            "MPS with limits",
            cfg(
                "GpuConfig",
                ",\"sharing\":{\"strategy\":\"MPS\",\"mpsConfig\":{"
                    + "\"defaultActiveThreadPercentage\":50,"
                    + "\"defaultPinnedDeviceMemoryLimit\":\"10Gi\","
                    + "\"defaultPerDevicePinnedMemoryLimit\":{\"0\":\"5Gi\"}}}"),
            new GpuConfig(
                new GpuSharing(
                    SharingStrategy.MPS,
                    null,
                    new MpsConfig(50, new Quantity("10Gi"), Map.of("0", new Quantity("5Gi")))))),
        new Decoded(
            "MPS multi-user (NVIDIA 0.5)",
            cfg(
                "GpuConfig",
                ",\"sharing\":{\"strategy\":\"MPS\",\"mpsConfig\":{\"multiUser\":true}}"),
            new GpuConfig(
                new GpuSharing(
                    SharingStrategy.MPS, null, new MpsConfig(null, null, Map.of(), true)))),
        new Decoded(
            "MIG MPS",
            cfg("MigDeviceConfig", ",\"sharing\":{\"strategy\":\"MPS\"}"),
            new MigDeviceConfig(new MigDeviceSharing(SharingStrategy.MPS, null))),
        new Decoded(
            "VFIO with iommu",
            cfg(
                "VfioDeviceConfig",
                ",\"iommu\":{\"backendPolicy\":\"PreferIommuFD\",\"enableAPIDevice\":true}"),
            new VfioDeviceConfig(new IommuConfig(IommuBackendPolicy.PREFER_IOMMU_FD, true))));
  }

  static Stream<Rejected> rejected() {
    return Stream.of(unknownNames(), wrongTypesAndConflicts(), limits()).flatMap(s -> s);
  }

  /** Versions, kinds, fields and values the decoder does not know. */
  private static Stream<Rejected> unknownNames() {
    return Stream.of(
        new Rejected(
            "wrong apiVersion",
            "{\"apiVersion\":\"resource.nvidia.com/v1\",\"kind\":\"GpuConfig\"}",
            "apiVersion: unsupported apiVersion \"resource.nvidia.com/v1\", want"
                + " \"resource.nvidia.com/v1beta1\""),
        new Rejected(
            "unknown kind",
            cfg("ComputeDomainChannelConfig", ""),
            "kind: unsupported kind \"ComputeDomainChannelConfig\", supported kinds: GpuConfig,"
                + " MigDeviceConfig, VfioDeviceConfig"),
        new Rejected(
            "unknown top-level field",
            cfg("GpuConfig", ",\"shareing\":{}"),
            "strict decoding error: unknown field \"shareing\""),
        new Rejected(
            "unknown nested field",
            cfg("GpuConfig", ",\"sharing\":{\"strategy\":\"MPS\",\"mpsConfig\":{\"foo\":1}}"),
            "strict decoding error: unknown field \"sharing.mpsConfig.foo\""),
        new Rejected(
            "MIG has no timeSlicingConfig",
            cfg(
                "MigDeviceConfig",
                ",\"sharing\":{\"strategy\":\"TimeSlicing\",\"timeSlicingConfig\":{}}"),
            "strict decoding error: unknown field \"sharing.timeSlicingConfig\""),
        new Rejected(
            "unknown strategy",
            cfg("GpuConfig", ",\"sharing\":{\"strategy\":\"Spatial\"}"),
            "sharing.strategy: unknown GPU sharing strategy: Spatial, supported GPU sharing"
                + " strategies: TimeSlicing, MPS"),
        new Rejected(
            "unknown interval",
            cfg(
                "GpuConfig",
                ",\"sharing\":{\"strategy\":\"TimeSlicing\","
                    + "\"timeSlicingConfig\":{\"interval\":\"Forever\"}}"),
            "sharing.timeSlicingConfig.interval: unknown time-slice interval: Forever"));
  }

  /** Values of the wrong type, conflicting sharing configs, and bad documents. */
  private static Stream<Rejected> wrongTypesAndConflicts() {
    return Stream.of(
        new Rejected(
            "percentage as string",
            cfg(
                "GpuConfig",
                ",\"sharing\":{\"strategy\":\"MPS\","
                    + "\"mpsConfig\":{\"defaultActiveThreadPercentage\":\"50\"}}"),
            "sharing.mpsConfig.defaultActiveThreadPercentage: wrong type: expected integer"),
        new Rejected(
            "strategy as number",
            cfg("GpuConfig", ",\"sharing\":{\"strategy\":1}"),
            "sharing.strategy: unknown GPU sharing strategy: 1"),
        new Rejected(
            "enableAPIDevice as string",
            cfg("VfioDeviceConfig", ",\"iommu\":{\"enableAPIDevice\":\"yes\"}"),
            "iommu.enableAPIDevice: wrong type: expected boolean"),
        new Rejected(
            "time slicing with mpsConfig",
            cfg("GpuConfig", ",\"sharing\":{\"strategy\":\"TimeSlicing\",\"mpsConfig\":{}}"),
            "sharing.mpsConfig: not allowed with GPU sharing strategy \"TimeSlicing\""),
        new Rejected(
            "MPS with timeSlicingConfig",
            cfg("GpuConfig", ",\"sharing\":{\"strategy\":\"MPS\",\"timeSlicingConfig\":{}}"),
            "sharing.timeSlicingConfig: not allowed with GPU sharing strategy \"MPS\""),
        new Rejected(
            "missing strategy",
            cfg("GpuConfig", ",\"sharing\":{}"),
            "sharing.strategy: missing GPU sharing strategy"),
        new Rejected(
            "duplicate key",
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"GpuConfig\","
                + "\"kind\":\"GpuConfig\"}",
            "not valid JSON"),
        new Rejected(
            "not an object",
            "[1]",
            "opaque parameters must be a JSON object with apiVersion and kind, got a JSON array"));
  }

  /** Pinned and per-device memory limits that are not quantities. */
  private static Stream<Rejected> limits() {
    return Stream.of(
        new Rejected(
            "pinned limit that is not a quantity",
            mps("\"defaultPinnedDeviceMemoryLimit\":\"lots\""),
            "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit \"lots\": want a"
                + " quantity such as 512Mi"),
        new Rejected(
            "pinned limit with an exponent of nine digits",
            mps("\"defaultPinnedDeviceMemoryLimit\":\"1e999999999\""),
            "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit \"1e999999999\""),
        new Rejected(
            "pinned limit as a boolean",
            mps("\"defaultPinnedDeviceMemoryLimit\":true"),
            "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit \"true\""),
        new Rejected(
            "per-device limit that is not a quantity",
            mps("\"defaultPerDevicePinnedMemoryLimit\":{\"0\":\"lots\"}"),
            "sharing.mpsConfig.defaultPerDevicePinnedMemoryLimit[0]: invalid limit \"lots\""),
        new Rejected(
            "per-device limit with an exponent of nine digits",
            mps("\"defaultPerDevicePinnedMemoryLimit\":{\"GPU-a\":\"1e999999999\"}"),
            "sharing.mpsConfig.defaultPerDevicePinnedMemoryLimit[GPU-a]: invalid limit"
                + " \"1e999999999\""),
        new Rejected(
            "MIG pinned limit that is not a quantity",
            "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"MigDeviceConfig\","
                + "\"sharing\":{\"strategy\":\"MPS\",\"mpsConfig\":"
                + "{\"defaultPinnedDeviceMemoryLimit\":\"1e999999999\"}}}",
            "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit \"1e999999999\""));
  }

  static String mps(String fields) {
    return cfg("GpuConfig", ",\"sharing\":{\"strategy\":\"MPS\",\"mpsConfig\":{" + fields + "}}");
  }

  @Test
  @DisplayName(
      "parameters that fabric8 read from a JSON array (a v1 List) are refused as not an object,"
          + " not as an unsupported apiVersion \"v1\"")
  void refusesFabric8Lists() {
    assertThatThrownBy(() -> decoder.decode(new KubernetesListBuilder().build()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessage(
            "opaque parameters must be a JSON object with apiVersion and kind, got a JSON array"
                + " (a v1 List)");
  }

  @Test
  @DisplayName(
      "a limit with a huge exponent is refused from its text in milliseconds, also when the"
          + " config is compared or hashed")
  void hugeExponentsCostNothing() {
    String json = mps("\"defaultPinnedDeviceMemoryLimit\":\"1e999999999\"");
    assertTimeoutPreemptively(
        Duration.ofSeconds(2),
        () ->
            assertThatThrownBy(() -> decoder.decode(json))
                .isInstanceOf(InvalidConfigException.class));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  @DisplayName("valid config objects decode to the expected records")
  void decodes(Decoded c) {
    assertThat(decoder.decode(c.json())).isEqualTo(c.expected());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rejected")
  @DisplayName("invalid config objects fail with a message naming the field")
  void rejects(Rejected c) {
    assertThatThrownBy(() -> decoder.decode(c.json()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining(c.error());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  @DisplayName("encode then decode gives the same config")
  void roundTrips(Decoded c) {
    DeviceConfig config = decoder.decode(c.json());
    assertThat(decoder.decode(decoder.encode(config))).isEqualTo(config);
    assertThat(decoder.encode(config).get("kind").asText()).isEqualTo(config.kind());
  }

  @Test
  @DisplayName("parameters given as a deserialized map decode like JSON text")
  void decodesMaps() {
    Map<String, Object> params =
        Map.of(
            "apiVersion",
            DeviceConfig.API_VERSION,
            "kind",
            "GpuConfig",
            "sharing",
            Map.of("strategy", "TimeSlicing"));
    assertThat(decoder.decode(params))
        .isEqualTo(new GpuConfig(new GpuSharing(SharingStrategy.TIME_SLICING, null, null)));
  }

  static String cfg(String kind, String rest) {
    return "{\"apiVersion\":\"resource.nvidia.com/v1beta1\",\"kind\":\"" + kind + "\"" + rest + "}";
  }
}
