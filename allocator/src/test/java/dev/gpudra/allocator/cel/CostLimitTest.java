package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.device.AttributeValue;
import dev.gpudra.allocator.device.DeviceView;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The run-time budget: what the static estimate cannot bound is stopped while evaluating. */
class CostLimitTest {
  private static final DeviceSelectorEnv ENV = new DeviceSelectorEnv(SelectorEnvOptions.defaults());
  private static final String RANGE =
      "lists.range(device.attributes[\"dra.example.com\"].n).all(x, x >= 0)";

  record Case(String name, long n, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("a short loop stays under the limit", 1_000, "true"),
        new Case(
            "anchor: a loop of two million iterations exceeds it",
            2_000_000,
            "error: operation cancelled: actual cost limit exceeded"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("a selector whose run time depends on device data is stopped at the cost limit")
  void runtimeLimit(Case c) {
    DeviceView device =
        new DeviceView(
            "dra.example.com", Map.of("n", new AttributeValue.IntValue(c.n())), Map.of());

    assertThat(ENV.compile(RANGE).evaluate(device).describe()).startsWith(c.expected());
  }

  @Test
  @DisplayName("the cost limit is configurable and applies at compile and run time")
  void smallLimit() {
    DeviceSelectorEnv tight =
        new DeviceSelectorEnv(new SelectorEnvOptions(java.util.Set.of(), 50, 8));
    DeviceView device =
        new DeviceView("dra.example.com", Map.of("n", new AttributeValue.IntValue(100)), Map.of());

    assertThat(tight.compile("device.driver == \"x\"").evaluate(device).describe())
        .isEqualTo("false");
    assertThat(
            tight
                .compile(RANGE.replace("all(x, x >= 0)", "size() > 0"))
                .evaluate(device)
                .describe())
        .contains("actual cost limit exceeded");
  }
}
