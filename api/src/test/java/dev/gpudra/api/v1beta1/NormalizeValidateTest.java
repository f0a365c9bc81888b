package dev.gpudra.api.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class NormalizeValidateTest {
  private static final FeatureGates OFF = FeatureGates.defaults();
  private static final FeatureGates SLICING = OFF.with(FeatureGate.TIME_SLICING_SETTINGS, true);
  private static final FeatureGates MPS = OFF.with(FeatureGate.MPS_SUPPORT, true);

  record Normalized(String name, DeviceConfig input, FeatureGates gates, DeviceConfig expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  record Invalid(String name, DeviceConfig config, FeatureGates gates, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Normalized> normalized() {
    GpuSharing slicingDefault =
        new GpuSharing(
            SharingStrategy.TIME_SLICING, new TimeSlicingConfig(TimeSliceInterval.DEFAULT), null);
    return Stream.of(
        new Normalized(
            "gate off: GpuConfig unchanged", new GpuConfig(null), OFF, new GpuConfig(null)),
        new Normalized(
            "gate on: GpuConfig without sharing stays so (NVIDIA 0.5)",
            new GpuConfig(null),
            SLICING,
            new GpuConfig(null)),
        new Normalized(
            "TimeSlicing without config gets Default",
            new GpuConfig(new GpuSharing(SharingStrategy.TIME_SLICING, null, null)),
            SLICING,
            new GpuConfig(slicingDefault)),
        new Normalized(
            "MPS gets an empty mpsConfig",
            new GpuConfig(new GpuSharing(SharingStrategy.MPS, null, null)),
            MPS,
            new GpuConfig(new GpuSharing(SharingStrategy.MPS, null, MpsConfig.empty()))),
        new Normalized(
            "gate on: MigDeviceConfig without sharing stays so (NVIDIA 0.5)",
            new MigDeviceConfig(null),
            SLICING,
            new MigDeviceConfig(null)),
        new Normalized(
            "VFIO defaults",
            new VfioDeviceConfig(null),
            OFF,
            new VfioDeviceConfig(new IommuConfig(IommuBackendPolicy.LEGACY_ONLY, false))));
  }

  static Stream<Invalid> invalid() {
    return Stream.of(
        new Invalid(
            "TimeSlicing without gate",
            new GpuConfig(new GpuSharing(SharingStrategy.TIME_SLICING, null, null)),
            OFF,
            "sharing.strategy: \"TimeSlicing\" is selected as the GPU sharing strategy, but the"
                + " \"TimeSlicingSettings\" feature gate is not enabled"),
        new Invalid(
            "MPS without gate",
            new MigDeviceConfig(new MigDeviceSharing(SharingStrategy.MPS, null)),
            OFF,
            "\"MPS\" is selected as the GPU sharing strategy, but the \"MPSSupport\" feature"
                + " gate is not enabled"),
        new Invalid(
            "thread percentage above 100",
            mps(new MpsConfig(101, null, Map.of())),
            MPS,
            "sharing.mpsConfig.defaultActiveThreadPercentage: must be between 0 and 100"),
        new Invalid(
            "limit below 1Mi",
            mps(new MpsConfig(null, new Quantity("1Ki"), Map.of())),
            MPS,
            "sharing.mpsConfig.defaultPinnedDeviceMemoryLimit: invalid limit"),
        new Invalid(
            "limit with an exponent beyond int64",
            mps(new MpsConfig(null, new Quantity("1e400"), Map.of())),
            MPS,
            "invalid limit: 1e400 is above 9223372036854775807 bytes"),
        new Invalid(
            "limit of 8Ei, one byte beyond int64",
            mps(new MpsConfig(null, null, Map.of("0", new Quantity("8Ei")))),
            MPS,
            "defaultPerDevicePinnedMemoryLimit[0]: invalid limit: 8Ei is above"),
        new Invalid(
            "limit of a million nanobytes",
            mps(new MpsConfig(null, new Quantity("1000000n"), Map.of())),
            MPS,
            "1000000n is below 1Mi"),
        new Invalid(
            "bad device key",
            mps(new MpsConfig(null, null, Map.of("gpu0", new Quantity("1Gi")))),
            MPS,
            "invalid device"),
        new Invalid(
            "VFIO without PassthroughSupport",
            new VfioDeviceConfig(null),
            OFF,
            "\"PassthroughSupport\" feature gate is not enabled"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("normalized")
  @DisplayName("normalize fills the defaults of reference section 4.2")
  void normalizes(Normalized c) {
    assertThat(c.input().normalize(c.gates())).isEqualTo(c.expected());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  @DisplayName("validate rejects with the reference error text and the field path")
  void rejects(Invalid c) {
    assertThatThrownBy(() -> c.config().normalize(c.gates()).validate(c.gates()))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining(c.error());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {"1Mi", "512Mi", "1.5Gi", "80Gi", "4e9", "2E10", "1048576", "5G", "+2Gi", "7Ei"})
  @DisplayName("a pinned memory limit in the quantity grammar, from 1Mi to int64, is valid")
  void acceptsLimits(String limit) {
    assertThatCode(() ->
            mps(new MpsConfig(null, new Quantity(limit), Map.of("GPU-0", new Quantity(limit))))
                .normalize(MPS)
                .validate(MPS))
        .doesNotThrowAnyException();
  }

  @Test
  @DisplayName("a normalized default config is valid under every gate setting")
  void defaultsAreValid() {
    for (FeatureGates gates : new FeatureGates[] {OFF, SLICING, MPS}) {
      assertThatCode(() -> new GpuConfig(null).normalize(gates).validate(gates))
          .doesNotThrowAnyException();
      assertThatCode(() -> new MigDeviceConfig(null).normalize(gates).validate(gates))
          .doesNotThrowAnyException();
    }
  }

  private static GpuConfig mps(MpsConfig config) {
    return new GpuConfig(new GpuSharing(SharingStrategy.MPS, null, config));
  }
}
