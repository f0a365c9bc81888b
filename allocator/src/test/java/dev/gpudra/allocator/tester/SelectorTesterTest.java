package dev.gpudra.allocator.tester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.device.DeviceFileReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SelectorTesterTest {
  private final SelectorTester tester =
      new SelectorTester(
          new DeviceSelectorEnv(SelectorEnvOptions.defaults()), new DeviceFileReader());

  @Test
  @DisplayName("one line per expression, in order: true, false or error")
  void linesPerExpression() throws IOException {
    List<String> lines =
        tester.test(
            resource("devices/h100.yaml"),
            List.of(
                "device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'gpu'",
                "device.attributes['gpu.nvidia.com'].type == 'mig'",
                "device.attributes['gpu.nvidia.com'].driverVersion.isGreaterThan(semver('580.95.4'))",
                "device.capacity['gpu.nvidia.com'].memory == quantity('81559Mi')",
                "device.attributes['resource.kubernetes.io'].pciBusID.startsWith('0000:3b')",
                "device.attributes['gpu.nvidia.com'].index == 0",
                "device.attributes['gpu.nvidia.com'].driverVersion == '580.95.5'",
                "1"));

    assertThat(lines)
        .containsExactly(
            "true",
            "false",
            "true",
            "true",
            "true",
            "error: no such key: index",
            "error: no such overload: kubernetes.Semver == string",
            "error: must evaluate to bool or the unknown type, not int");
  }

  record BadFile(String name, String content, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<BadFile> badFiles() {
    return Stream.of(
        new BadFile("no driver", "name: gpu-0\n", "needs a 'driver' string"),
        new BadFile("driver not a string", "driver: [a]\n", "needs a 'driver' string"),
        new BadFile("not a mapping", "- a\n- b\n", "must be a YAML mapping"),
        new BadFile("not YAML", "driver: [unclosed\n", "not valid YAML"),
        new BadFile(
            "attribute with two values",
            "driver: x.io\nattributes:\n  a: {int: 1, bool: true}\n",
            "attribute a"),
        new BadFile(
            "capacity without value",
            "driver: x.io\ncapacity:\n  memory: {}\n",
            "capacity memory: value is required"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badFiles")
  @DisplayName("an unusable device file is refused with a reason")
  void refusesBadFiles(BadFile c) {
    assertThatThrownBy(() -> tester.test(c.content(), List.of("true")))
        .isInstanceOf(DeviceFileReader.InvalidDeviceFileException.class)
        .hasMessageContaining(c.message());
  }

  @Test
  @DisplayName("an invalid version attribute is reported per expression, not as a crash")
  void invalidVersionIsAnEvaluationError() {
    List<String> lines =
        tester.test("driver: x.io\nattributes:\n  v: {version: v1.0}\n", List.of("true"));

    assertThat(lines).singleElement().asString().startsWith("error: version is not semver");
  }

  @Test
  @DisplayName(
      "a device with an empty driver is accepted, as in Kubernetes' CEL tests: unqualified names"
          + " belong to the empty domain")
  void emptyDriver() {
    List<String> lines =
        tester.test(
            "driver: ''\nattributes:\n  model: {string: a100}\n",
            List.of("device.driver == ''", "device.attributes[''].model == 'a100'"));

    assertThat(lines).containsExactly("true", "true");
  }

  @Test
  @DisplayName("a syntax error is reported as the API server words it: 'Syntax error: ...'")
  void syntaxError() {
    List<String> lines = tester.test("driver: x.io\n", List.of("device.driver ==", "a b"));

    assertThat(lines)
        .allSatisfy(
            line -> assertThat(line).startsWith("error: compilation failed: ERROR: <input>:1:"))
        .allSatisfy(line -> assertThat(line).contains(": Syntax error: "));
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = SelectorTesterTest.class.getResourceAsStream("/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
