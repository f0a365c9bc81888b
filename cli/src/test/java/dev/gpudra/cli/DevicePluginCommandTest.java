package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code device-plugin} with input it cannot use: one line on stderr, exit 2. */
class DevicePluginCommandTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "an unclosed flow list | flags: {migStrategy: [single | line 1, column 29: not YAML or"
            + " JSON: while parsing a flow sequence: expected ',' or ']', but got <stream end>",
        "a duplicate field | flags: {migStrategy: none, migStrategy: mixed}"
            + " | line 1, column 39: not YAML or JSON: Duplicate field 'migStrategy'",
        "an unknown field | flags: {migStrategy: none, migStrategie: mixed}"
            + " | flags.migStrategie: unknown field",
      })
  @DisplayName("a malformed config file: one line on stderr naming the file and the position")
  void malformed(String name, String yaml, String message) throws IOException {
    Path file = Files.writeString(dir.resolve("config.yaml"), yaml);

    CliRun run = CliRun.of("device-plugin", "--config-file", file.toString());

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
    assertThat(run.err().strip()).isEqualTo("gpu-dra device-plugin: " + file + ": " + message);
    assertThat(run.out()).isEmpty();
  }

  @Test
  @DisplayName("a health port past 65535 is refused in one line before anything starts")
  void badHealthPort() {
    CliRun run = CliRun.of("device-plugin", "--healthcheck-port", "70000");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "gpu-dra device-plugin: --healthcheck-port (HEALTHCHECK_PORT) must be a TCP port or"
                + " negative, got 70000");
  }
}
