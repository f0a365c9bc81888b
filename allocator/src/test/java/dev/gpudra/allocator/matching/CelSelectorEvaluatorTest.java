package dev.gpudra.allocator.matching;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.Verdict;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.deviceclasses.model.NvidiaDeviceClass;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacityBuilder;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CelSelectorEvaluatorTest {
  private final CelSelectorEvaluator evaluator =
      new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults()));

  private static final Device GPU =
      new DeviceBuilder()
          .withName("gpu-0")
          .withAttributes(
              Map.of(
                  "type", new DeviceAttributeBuilder().withString("gpu").build(),
                  "driverVersion", new DeviceAttributeBuilder().withVersion("580.95.5").build()))
          .withCapacity(
              Map.of(
                  "memory", new DeviceCapacityBuilder().withValue(new Quantity("81559Mi")).build()))
          .build();

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "device.attributes['gpu.nvidia.com'].type == 'gpu' | MATCH",
        "device.attributes['gpu.nvidia.com'].type == 'mig' | NO_MATCH",
        "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('79Gi')) >= 0 | MATCH",
        "device.attributes['gpu.nvidia.com'].driverVersion.isGreaterThan(semver('550.0.0')) | MATCH",
        "device.attributes['gpu.nvidia.com'].uuid == 'x' | ERROR",
        "device.attributes['gpu.nvidia.com'].driverVersion == '580.95.5' | ERROR",
        "1 | ERROR"
      })
  @DisplayName("selectors evaluate through the DRA CEL environment; errors become ERROR verdicts")
  void verdicts(String expression, Verdict.Kind expected) {
    assertThat(evaluator.evaluate(expression, "gpu.nvidia.com", GPU).kind()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"GPU, MATCH", "MIG, NO_MATCH", "VFIO, NO_MATCH"})
  @DisplayName("NVIDIA's DeviceClass selectors pick full GPUs only for gpu.nvidia.com")
  void deviceClasses(NvidiaDeviceClass deviceClass, Verdict.Kind expected) {
    assertThat(evaluator.evaluate(deviceClass.selector(), "gpu.nvidia.com", GPU).kind())
        .isEqualTo(expected);
  }
}
