package dev.gpudra.allocator.cel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.device.DeviceView;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FormatTest {
  private final DeviceSelectorEnv env = new DeviceSelectorEnv(SelectorEnvOptions.defaults());
  private final DeviceView device = new DeviceView("gpu.nvidia.com", Map.of(), Map.of());

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "'%s-%d'.format([dyn('gpu'), 3]) == 'gpu-3' | true",
        "'%.2f'.format([1.5]) == '1.50' | true",
        "'%f'.format([2.0]) == '2.000000' | true",
        "'%x %X %o %b'.format([255, 255, 8, 5]) == 'ff FF 10 101' | true",
        "'%s'.format([[1, 2]]) == '[1, 2]' | true",
        "'100%%'.format([]) == '100%' | true",
        "'%d'.format(['x']) == '' | error: format: integer clause can only be used on integers, was given String",
        "'%s %s'.format(['a']) == '' | error: format: index 1 out of range",
        "'%s'.format(['a', 'b']) == '' | error: format: too many arguments supplied"
      })
  @DisplayName("strings format follows cel-go's verbs and errors")
  void format(String expression, String expected) {
    assertThat(env.compile(expression).evaluate(device).describe()).isEqualTo(expected);
  }
}
