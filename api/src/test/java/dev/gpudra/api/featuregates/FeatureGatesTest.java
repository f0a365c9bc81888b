package dev.gpudra.api.featuregates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FeatureGatesTest {

  record Bad(String name, String spec, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Bad> bad() {
    return Stream.of(
        new Bad("unknown gate", "Frobnicate=true", "unrecognized feature gate: Frobnicate"),
        new Bad(
            "missing value", "MPSSupport", "missing bool value for feature gate \"MPSSupport\""),
        new Bad("bad value", "MPSSupport=maybe", "invalid value of feature gate MPSSupport=maybe"),
        new Bad(
            "cliques need DNS names",
            "IMEXDaemonsWithDNSNames=false",
            "ComputeDomainCliques requires feature gate IMEXDaemonsWithDNSNames"),
        new Bad(
            "DynamicMIG vs passthrough",
            "DynamicMIG=true,PassthroughSupport=true",
            "DynamicMIG and PassthroughSupport are mutually exclusive"),
        new Bad(
            "compatibility groups need DynamicMIG",
            "DeviceCompatibilityGroups=true,PassthroughSupport=true",
            "DeviceCompatibilityGroups requires feature gate DynamicMIG enabled"),
        new Bad(
            "compatibility groups need passthrough",
            "DeviceCompatibilityGroups=true,DynamicMIG=true,PassthroughSupport=false",
            "DeviceCompatibilityGroups requires feature gate PassthroughSupport enabled"),
        new Bad(
            "DynamicMIG vs MPS",
            "DynamicMIG=true,MPSSupport=true",
            "DynamicMIG and MPSSupport are mutually exclusive"),
        new Bad(
            "passthrough vs health check",
            "PassthroughSupport=true,NVMLDeviceHealthCheck=true",
            "PassthroughSupport and NVMLDeviceHealthCheck are mutually exclusive"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bad")
  @DisplayName("bad gate strings fail with a clear message")
  void rejects(Bad c) {
    assertThatThrownBy(() -> FeatureGates.parse(c.spec()))
        .isInstanceOf(FeatureGateException.class)
        .hasMessageContaining(c.error());
  }

  @Test
  @DisplayName("blank means the defaults of reference section 1.3")
  void defaults() {
    FeatureGates gates = FeatureGates.parse("");
    assertThat(gates).isEqualTo(FeatureGates.defaults());
    assertThat(gates.enabled(FeatureGate.TIME_SLICING_SETTINGS)).isFalse();
    assertThat(gates.enabled(FeatureGate.MPS_SUPPORT)).isFalse();
    assertThat(gates.enabled(FeatureGate.IMEX_DAEMONS_WITH_DNS_NAMES)).isTrue();
    assertThat(gates.enabled(FeatureGate.COMPUTE_DOMAIN_CLIQUES)).isTrue();
    assertThat(gates.enabled(FeatureGate.CRASH_ON_NVLINK_FABRIC_ERRORS)).isTrue();
    assertThat(gates.enabled(FeatureGate.DYNAMIC_MIG)).isFalse();
  }

  @Test
  @DisplayName("compatibility groups let DynamicMIG and PassthroughSupport go together")
  void groupsJoinModes() {
    FeatureGates gates =
        FeatureGates.parse(
            "DynamicMIG=true,PassthroughSupport=true,DeviceCompatibilityGroups=true");
    assertThat(gates.enabled(FeatureGate.DYNAMIC_MIG)).isTrue();
    assertThat(gates.enabled(FeatureGate.PASSTHROUGH_SUPPORT)).isTrue();
    assertThat(gates.enabled(FeatureGate.DEVICE_COMPATIBILITY_GROUPS)).isTrue();
  }

  @Test
  @DisplayName("DynamicMIG and NVMLDeviceHealthCheck go together, as NVIDIA's after 0.5")
  void healthWithDynamicMig() {
    FeatureGates gates = FeatureGates.parse("DynamicMIG=true,NVMLDeviceHealthCheck=true");
    assertThat(gates.enabled(FeatureGate.DYNAMIC_MIG)).isTrue();
    assertThat(gates.enabled(FeatureGate.NVML_DEVICE_HEALTH_CHECK)).isTrue();
  }

  @Test
  @DisplayName("Key=bool pairs are parsed with spaces and case-insensitive values")
  void parses() {
    FeatureGates gates = FeatureGates.parse(" TimeSlicingSettings=TRUE, MPSSupport=true,");
    assertThat(gates.enabled(FeatureGate.TIME_SLICING_SETTINGS)).isTrue();
    assertThat(gates.enabled(FeatureGate.MPS_SUPPORT)).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.ValueSource(
      strings = {
        "DeviceMetadata=true",
        "DeviceMetadata=true,PassthroughSupport=true",
        "DeviceMetadata=true,DynamicMIG=true"
      })
  @DisplayName(
      "DeviceMetadata stands alone (NVIDIA's needs PassthroughSupport): every NVIDIA value still"
          + " parses, and whole GPUs and MIG devices get metadata too")
  void deviceMetadataStandsAlone(String spec) {
    assertThat(FeatureGates.parse(spec).enabled(FeatureGate.DEVICE_METADATA)).isTrue();
  }

  @Test
  @DisplayName("ContextualLogging is forced on")
  void contextualLoggingForced() {
    assertThat(
            FeatureGates.parse("ContextualLogging=false").enabled(FeatureGate.CONTEXTUAL_LOGGING))
        .isTrue();
  }

  @Test
  @DisplayName("AllBeta=false switches beta gates off, explicit keys win")
  void allBeta() {
    FeatureGates gates = FeatureGates.parse("IMEXDaemonsWithDNSNames=true,AllBeta=false");
    assertThat(gates.enabled(FeatureGate.COMPUTE_DOMAIN_CLIQUES)).isFalse();
    assertThat(gates.enabled(FeatureGate.IMEX_DAEMONS_WITH_DNS_NAMES)).isTrue();
  }

  @Test
  @DisplayName("toString renders every gate and parses back to the same value")
  void roundTrips() {
    FeatureGates gates = FeatureGates.parse("MPSSupport=true");
    assertThat(FeatureGates.parse(gates.toString())).isEqualTo(gates);
  }
}
