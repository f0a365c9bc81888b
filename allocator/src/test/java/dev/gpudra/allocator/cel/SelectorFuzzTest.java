package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.allocator.device.DeviceView;
import dev.gpudra.allocator.device.TestDevices;
import java.nio.charset.StandardCharsets;

/**
 * The CEL selector compiler on arbitrary expressions: it refuses with a {@link
 * SelectorCompileException}, as the API server would, or compiles a selector whose evaluation
 * against an NVIDIA GPU is a match, a mismatch or an evaluation error (the cost limit included);
 * any exception is a crash.
 */
class SelectorFuzzTest {
  private final DeviceSelectorEnv env = new DeviceSelectorEnv(SelectorEnvOptions.defaults());
  private final DeviceView gpu = TestDevices.nvidiaGpu();

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "device.driver",
    "device.attributes[\"gpu.nvidia.com\"]",
    "device.capacity[\"gpu.nvidia.com\"]",
    "device.allowMultipleAllocations",
    ".memory",
    ".productName",
    ".driverVersion",
    ".index",
    ".type",
    "quantity(\"1Gi\")",
    "semver(\"1.2.3\")",
    ".isGreaterThan(",
    ".compareTo(",
    ".matches(",
    ".all(x, ",
    ".exists(x, ",
    ".map(x, ",
    ".filter(x, ",
    " && ",
    " || ",
    " in ",
    "==",
    "!=",
    ">=",
    "\"gpu.nvidia.com\"",
    "size(",
    "string(",
    "int(",
    "[1, 2, 3]",
    "{\"a\": 1}"
  })
  void compilesOrRefuses(byte[] input) {
    String expression = new String(input, StandardCharsets.UTF_8);
    CompiledSelector selector;
    try {
      selector = env.compile(expression);
    } catch (SelectorCompileException refused) {
      return;
    }
    assertThat(selector.evaluate(gpu)).isNotNull();
  }
}
