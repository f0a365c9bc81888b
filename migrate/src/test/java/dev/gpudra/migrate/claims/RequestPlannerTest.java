package dev.gpudra.migrate.claims;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.Verdict;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.migrate.resources.Classification;
import dev.gpudra.migrate.resources.PluginDevice;
import dev.gpudra.migrate.resources.SharedResource;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RequestPlannerTest {
  private final RequestPlanner planner = new RequestPlanner();
  private final CelSelectorEvaluator cel =
      new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults()));

  private static Device mig(String profile) {
    return new DeviceBuilder()
        .withName("gpu-0-mig-x")
        .withAttributes(
            Map.of(
                "type", new DeviceAttributeBuilder().withString("mig").build(),
                "profile", new DeviceAttributeBuilder().withString(profile).build()))
        .build();
  }

  @Test
  @DisplayName(
      "a MIG request's selector, in the scheduler's CEL environment, picks the DRA driver's devices"
          + " of its profile and no other")
  void migSelectorPicksItsProfile() {
    DeviceRequestPlan plan =
        planner.plan(
            "nvidia.com/mig-1g.10gb.me",
            new Classification.Translatable(
                new PluginDevice.MigDevice("1g.10gb+me"), Optional.empty()),
            1);
    String selector = plan.selector().orElseThrow();

    assertThat(plan.deviceClass()).isEqualTo("mig.nvidia.com");
    assertThat(plan.name()).isEqualTo("mig-1g-10gb-me");
    assertThat(cel.evaluate(selector, "gpu.nvidia.com", mig("1g.10gb+me")).kind())
        .isEqualTo(Verdict.Kind.MATCH);
    assertThat(cel.evaluate(selector, "gpu.nvidia.com", mig("1g.10gb")).kind())
        .isEqualTo(Verdict.Kind.NO_MATCH);
  }

  static Stream<Arguments> shared() {
    return Stream.of(
        Arguments.of(new PluginDevice.WholeGpu(), SharingStrategy.TIME_SLICING),
        Arguments.of(new PluginDevice.WholeGpu(), SharingStrategy.MPS),
        Arguments.of(new PluginDevice.MigDevice("1g.10gb"), SharingStrategy.TIME_SLICING),
        Arguments.of(new PluginDevice.MigDevice("1g.10gb"), SharingStrategy.MPS));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("shared")
  @DisplayName(
      "the opaque config a shared resource gets is one the driver accepts: strict decoding, and"
          + " validation with TimeSlicingSettings and MPSSupport on")
  void configsDecodeStrictly(PluginDevice device, SharingStrategy strategy) {
    DeviceRequestPlan plan =
        planner.plan(
            "nvidia.com/gpu",
            new Classification.Translatable(
                device, Optional.of(new SharedResource(strategy, 4, false, "sharing"))),
            1);
    ConfigDecoder decoder = new ConfigDecoder();
    DeviceConfig config = plan.config().orElseThrow();

    DeviceConfig decoded = decoder.decode(decoder.encode(config).toString());

    assertThat(decoded).isEqualTo(config);
    decoded.validate(
        FeatureGates.defaults()
            .with(FeatureGate.TIME_SLICING_SETTINGS, true)
            .with(FeatureGate.MPS_SUPPORT, true));
  }

  @Test
  @DisplayName("names: requests are DNS labels from the resource; pod claims stay within 63")
  void names() {
    assertThat(ClaimNames.request("nvidia.com/gpu.shared")).isEqualTo("gpu-shared");
    assertThat(ClaimNames.request("nvidia.com/mig-1g.10gb.me")).isEqualTo("mig-1g-10gb-me");
    assertThat(ClaimNames.template("train", "cuda")).isEqualTo("train-cuda-gpu");
    String longName = "c".repeat(58) + "-xyzw";
    assertThat(ClaimNames.podClaim(longName)).isEqualTo("c".repeat(58) + "-gpu").hasSize(62);
    assertThat(ClaimNames.podClaim("c".repeat(63))).hasSize(63).endsWith("-gpu");
  }
}
