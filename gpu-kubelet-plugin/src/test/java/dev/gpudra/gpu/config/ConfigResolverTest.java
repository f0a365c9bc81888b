package dev.gpudra.gpu.config;

import static dev.gpudra.testfixtures.claims.TestClaims.params;
import static dev.gpudra.testfixtures.claims.TestClaims.sharing;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.GpuSharing;
import dev.gpudra.api.v1beta1.InvalidConfigException;
import dev.gpudra.api.v1beta1.MigDeviceConfig;
import dev.gpudra.api.v1beta1.MpsConfig;
import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.api.v1beta1.TimeSlicingConfig;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.testfixtures.claims.TestClaims;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigResolverTest {
  static final FeatureGates ON = FeatureGates.parse("TimeSlicingSettings=true,MPSSupport=true");
  static final FeatureGates OFF = FeatureGates.defaults();
  static final String MIG = "gpu-2-mig-1g5gb-19-0";
  static final Map<String, AllocatableDevice> DEVICES =
      Map.of(
          "gpu-0",
          TestDevices.gpu(0),
          "gpu-1",
          TestDevices.gpu(1),
          MIG,
          TestDevices.mig(2, 1, 0, 0));

  static final GpuConfig NO_SHARING = new GpuConfig(null);
  static final GpuConfig SLICE_LONG = slicing(TimeSliceInterval.LONG);
  static final GpuConfig GPU_MPS =
      new GpuConfig(new GpuSharing(SharingStrategy.MPS, null, MpsConfig.empty()));

  /** Expected group: its config and its device names. */
  record Group(DeviceConfig config, List<String> devices) {}

  record Case(
      String name,
      FeatureGates gates,
      UnaryOperator<TestClaims> claim,
      List<Group> groups,
      String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case ok(String name, UnaryOperator<TestClaims> claim, Group... groups) {
    return new Case(name, ON, claim, List.of(groups), null);
  }

  static Case fails(String name, FeatureGates gates, UnaryOperator<TestClaims> claim, String err) {
    return new Case(name, gates, claim, List.of(), err);
  }

  /** GpuConfig parameters asking for time slicing at the Long interval. */
  private static Map<String, Object> tsLong() {
    return params(
        "GpuConfig",
        Map.of(
            "sharing",
            Map.of("strategy", "TimeSlicing", "timeSlicingConfig", Map.of("interval", "Long"))));
  }

  /** GpuConfig parameters asking for MPS. */
  private static Map<String, Object> mps() {
    return params("GpuConfig", sharing("MPS"));
  }

  static Stream<Case> cases() {
    return Stream.of(defaultsAndPrecedence(), matching(), badEntries(), badSharing())
        .flatMap(s -> s);
  }

  /** Defaults per device type, and which config wins. */
  private static Stream<Case> defaultsAndPrecedence() {
    return Stream.of(
        ok(
            "no configs: defaults per device type, without sharing (NVIDIA 0.5)",
            c -> c.result("a", "gpu-0").result("b", MIG),
            new Group(NO_SHARING, List.of("gpu-0")),
            new Group(new MigDeviceConfig(null), List.of(MIG))),
        new Case(
            "gates off: defaults carry no sharing",
            OFF,
            c -> c.result("a", "gpu-0"),
            List.of(new Group(new GpuConfig(null), List.of("gpu-0"))),
            null),
        ok(
            "claim config beats class config wherever it sits in the list",
            c ->
                c.result("a", "gpu-0")
                    .config("FromClaim", List.of(), mps())
                    .config("FromClass", List.of(), tsLong()),
            new Group(GPU_MPS, List.of("gpu-0"))),
        ok(
            "last matching claim entry wins",
            c ->
                c.result("a", "gpu-0")
                    .config("FromClaim", List.of("a"), mps())
                    .config("FromClaim", List.of("a"), tsLong()),
            new Group(SLICE_LONG, List.of("gpu-0"))),
        ok(
            "a later all-requests entry beats an earlier named one",
            c ->
                c.result("a", "gpu-0")
                    .config("FromClaim", List.of("a"), tsLong())
                    .config("FromClaim", List.of(), mps()),
            new Group(GPU_MPS, List.of("gpu-0"))));
  }

  /** Which entries match which requests and drivers. */
  private static Stream<Case> matching() {
    return Stream.of(
        ok(
            "entry naming the base request matches a subrequest result",
            c -> c.result("a/small", "gpu-0").config("FromClaim", List.of("a"), tsLong()),
            new Group(SLICE_LONG, List.of("gpu-0"))),
        ok(
            "entry naming the full subrequest matches",
            c -> c.result("a/small", "gpu-0").config("FromClaim", List.of("a/small"), tsLong()),
            new Group(SLICE_LONG, List.of("gpu-0"))),
        ok(
            "entry for another request does not match",
            c -> c.result("a", "gpu-0").config("FromClaim", List.of("b"), tsLong()),
            new Group(NO_SHARING, List.of("gpu-0"))),
        ok(
            "devices with the same winner form one group",
            c ->
                c.result("a", "gpu-0")
                    .result("b", "gpu-1")
                    .config("FromClaim", List.of(), tsLong()),
            new Group(SLICE_LONG, List.of("gpu-0", "gpu-1"))),
        ok(
            "all-requests entry of another kind is skipped",
            c ->
                c.result("a", "gpu-0")
                    .config("FromClaim", List.of(), params("MigDeviceConfig", sharing("MPS"))),
            new Group(NO_SHARING, List.of("gpu-0"))),
        ok(
            "other driver's config is skipped unread",
            c ->
                c.result("a", "gpu-0")
                    .config("FromClaim", List.of(), "other.example.com", Map.of("x", 1)),
            new Group(NO_SHARING, List.of("gpu-0"))));
  }

  /** Entries of the wrong kind, shape or version. */
  private static Stream<Case> badEntries() {
    return Stream.of(
        fails(
            "named entry of the wrong kind",
            ON,
            c -> c.result("m", MIG).config("FromClaim", List.of("m"), tsLong()),
            "claim default/c1: status.allocation.devices.config[0]: cannot apply GpuConfig to"
                + " device \"gpu-2-mig-1g5gb-19-0\" of type \"mig\""),
        fails(
            "non-opaque entry",
            ON,
            c -> c.result("a", "gpu-0").nonOpaqueConfig(),
            "claim default/c1: status.allocation.devices.config[0]: only opaque device configs"),
        fails(
            "strict decoding error",
            ON,
            c ->
                c.result("a", "gpu-0")
                    .config(
                        "FromClaim",
                        List.of(),
                        params(
                            "GpuConfig", Map.of("sharing", Map.of("strategy", "MPS", "foo", 1)))),
            "claim default/c1: status.allocation.devices.config[0].opaque.parameters: strict"
                + " decoding error: unknown field \"sharing.foo\""),
        fails(
            "wrong apiVersion",
            ON,
            c ->
                c.result("a", "gpu-0")
                    .config(
                        "FromClaim", List.of(), Map.of("apiVersion", "v1", "kind", "GpuConfig")),
            "config[0].opaque.parameters: apiVersion: unsupported apiVersion \"v1\""));
  }

  /** Sharing without its gate, out of range, or for the wrong device. */
  private static Stream<Case> badSharing() {
    return Stream.of(
        fails(
            "TimeSlicing without its gate",
            OFF,
            c -> c.result("a", "gpu-0").config("FromClass", List.of(), tsLong()),
            "claim default/c1: status.allocation.devices.config[0].opaque.parameters:"
                + " sharing.strategy: \"TimeSlicing\" is selected as the GPU sharing strategy, but"
                + " the \"TimeSlicingSettings\" feature gate is not enabled"),
        fails(
            "MPS without its gate",
            OFF,
            c -> c.result("a", "gpu-0").config("FromClaim", List.of("a"), mps()),
            "the \"MPSSupport\" feature gate is not enabled"),
        fails(
            "thread percentage out of range",
            ON,
            c ->
                c.result("a", "gpu-0")
                    .config(
                        "FromClaim",
                        List.of(),
                        params(
                            "GpuConfig",
                            Map.of(
                                "sharing",
                                Map.of(
                                    "strategy",
                                    "MPS",
                                    "mpsConfig",
                                    Map.of("defaultActiveThreadPercentage", 120))))),
            "config[0].opaque.parameters: sharing.mpsConfig.defaultActiveThreadPercentage: must be"
                + " between 0 and 100"),
        fails(
            "a VFIO config for a whole GPU names the mismatch",
            ON,
            c ->
                c.result("a", "gpu-0")
                    .config("FromClaim", List.of("a"), params("VfioDeviceConfig", Map.of())),
            "cannot apply VfioDeviceConfig to device \"gpu-0\" of type \"gpu\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("configs resolve by precedence defaults < class < claim, last match wins")
  void resolves(Case c) {
    ResourceClaim claim = c.claim().apply(TestClaims.claim("uid-1", "c1")).build();
    ConfigResolver resolver = new ConfigResolver(c.gates(), new ConfigDecoder());
    if (c.error() != null) {
      assertThatThrownBy(() -> resolver.resolve(claim, allocated(claim)))
          .isInstanceOf(InvalidConfigException.class)
          .hasMessageContaining(c.error());
      return;
    }
    List<Group> groups =
        resolver.resolve(claim, allocated(claim)).stream()
            .map(g ->
                new Group(g.config(), g.devices().stream().map(d -> d.device().name()).toList()))
            .toList();
    assertThat(groups).isEqualTo(c.groups());
  }

  @Test
  @DisplayName("parameters of a claim read by fabric8 from JSON decode like built ones")
  void decodesDeserializedClaim() {
    String json =
        Serialization.asJson(
            TestClaims.claim("uid-1", "c1")
                .result("a", "gpu-0")
                .config("FromClaim", List.of(), params("GpuConfig", sharing("MPS")))
                .build());
    ResourceClaim claim = Serialization.unmarshal(json, ResourceClaim.class);
    List<ConfigGroup> groups =
        new ConfigResolver(ON, new ConfigDecoder()).resolve(claim, allocated(claim));
    assertThat(groups).extracting(ConfigGroup::config).containsExactly(GPU_MPS);
  }

  static List<AllocatedDevice> allocated(ResourceClaim claim) {
    return claim.getStatus().getAllocation().getDevices().getResults().stream()
        .map(ConfigResolverTest::bind)
        .toList();
  }

  private static AllocatedDevice bind(DeviceRequestAllocationResult r) {
    return new AllocatedDevice(
        r.getRequest(), r.getPool(), DEVICES.get(r.getDevice()), false, Optional.empty());
  }

  private static GpuConfig slicing(TimeSliceInterval interval) {
    return new GpuConfig(
        new GpuSharing(SharingStrategy.TIME_SLICING, new TimeSlicingConfig(interval), null));
  }
}
