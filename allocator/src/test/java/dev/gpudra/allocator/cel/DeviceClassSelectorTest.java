package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.device.DeviceView;
import dev.gpudra.allocator.device.TestDevices;
import dev.gpudra.deviceclasses.model.NvidiaDeviceClass;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The five NVIDIA DeviceClass selectors against simulated devices of both drivers. */
class DeviceClassSelectorTest {
  private static final DeviceSelectorEnv ENV = new DeviceSelectorEnv(SelectorEnvOptions.defaults());

  record Case(String name, Supplier<DeviceView> device, NvidiaDeviceClass matchingClass) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("full H100", TestDevices::nvidiaGpu, NvidiaDeviceClass.GPU),
        new Case("MIG 1g.10gb", TestDevices::nvidiaMig, NvidiaDeviceClass.MIG),
        new Case("VFIO GPU", TestDevices::nvidiaVfio, NvidiaDeviceClass.VFIO),
        new Case(
            "compute-domain daemon",
            TestDevices::computeDomainDaemon,
            NvidiaDeviceClass.COMPUTE_DOMAIN_DAEMON),
        new Case(
            "compute-domain channel 0",
            () -> TestDevices.computeDomainChannel(0),
            NvidiaDeviceClass.COMPUTE_DOMAIN_DEFAULT_CHANNEL),
        new Case(
            "compute-domain channel 1 (no class)", () -> TestDevices.computeDomainChannel(1), null),
        new Case("another driver's device (no class)", TestDevices::example, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("each device matches exactly its own class and no other, without errors")
  void exactlyOneClassMatches(Case c) {
    Map<NvidiaDeviceClass, String> outcomes =
        Arrays.stream(NvidiaDeviceClass.values())
            .collect(
                Collectors.toMap(
                    k -> k, k -> ENV.compile(k.selector()).evaluate(c.device().get()).describe()));

    assertThat(outcomes)
        .allSatisfy((k, outcome) ->
            assertThat(outcome).isEqualTo(k == c.matchingClass() ? "true" : "false"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("gpuSelectors")
  @DisplayName("typical user selectors on the published NVIDIA attributes")
  void userSelectors(String name, String expression, String expected) {
    assertThat(ENV.compile(expression).evaluate(TestDevices.nvidiaGpu()).describe())
        .isEqualTo(expected);
  }

  static Stream<org.junit.jupiter.params.provider.Arguments> gpuSelectors() {
    String gpu = "device.attributes['gpu.nvidia.com']";
    return Stream.of(
        args(
            "driver version at least 580",
            gpu + ".driverVersion.isGreaterThan(semver('580.0.0'))",
            "true"),
        args(
            "driver version 580.95.5 exactly",
            gpu + ".driverVersion == semver('580.95.05', true)",
            "true"),
        args(
            "compute capability 9.0+",
            gpu + ".cudaComputeCapability.compareTo(semver('9.0.0')) >= 0",
            "true"),
        args("CUDA 13", gpu + ".cudaDriverVersion.major() == 13", "true"),
        args(
            "memory at least 80Gi",
            "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('80Gi')) >= 0",
            "false"),
        args(
            "memory at least 79Gi",
            "device.capacity['gpu.nvidia.com'].memory.isGreaterThan(quantity('79Gi'))",
            "true"),
        args("product name", gpu + ".productName.lowerAscii().contains('h100')", "true"),
        args("architecture", gpu + ".architecture in ['Hopper', 'Blackwell']", "true"),
        args(
            "standard PCIe root attribute",
            "device.attributes['resource.kubernetes.io'].pcieRoot == 'pci0000:00'",
            "true"),
        args("pciBusID under its own domain, not the driver's", "'pciBusID' in " + gpu, "false"),
        args(
            "stale 25.3 index attribute is an error",
            gpu + ".index == 0",
            "error: no such key: index"),
        args(
            "robust form for the stale attribute",
            "has(" + gpu + ".index) && " + gpu + ".index == 0",
            "false"));
  }

  private static org.junit.jupiter.params.provider.Arguments args(Object... values) {
    return org.junit.jupiter.params.provider.Arguments.of(values);
  }
}
