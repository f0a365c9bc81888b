package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Quantity;
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
            "sharing.timeSlicingConfig.interval: unknown time-slice interval: Forever"),
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
        new Rejected("not an object", "[1]", "opaque parameters must be a JSON object"));
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
