package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code gpu-dra webhook}'s flags, as NVIDIA's webhook binary takes them. */
class WebhookCommandTest {
  @TempDir static Path dir;

  static Stream<Arguments> badInvocations() throws Exception {
    Path notPem = Files.writeString(dir.resolve("tls.crt"), "not a certificate");
    Path key = Files.writeString(dir.resolve("tls.key"), "not a key");
    return Stream.of(
        Arguments.of(
            "no certificate",
            new String[] {"webhook", "--tls-private-key-file", key.toString()},
            "--tls-cert-file"),
        Arguments.of(
            "no key",
            new String[] {"webhook", "--tls-cert-file", notPem.toString()},
            "--tls-private-key-file"),
        Arguments.of(
            "a certificate file that does not exist",
            new String[] {
              "webhook",
              "--tls-cert-file",
              "/nonexistent/tls.crt",
              "--tls-private-key-file",
              key.toString()
            },
            "/nonexistent/tls.crt"),
        Arguments.of(
            "a certificate file without a certificate",
            new String[] {
              "webhook",
              "--tls-cert-file",
              notPem.toString(),
              "--tls-private-key-file",
              key.toString()
            },
            "tls.crt: no PEM CERTIFICATE block"),
        Arguments.of(
            "an unknown feature gate",
            new String[] {
              "webhook",
              "--tls-cert-file",
              notPem.toString(),
              "--tls-private-key-file",
              key.toString(),
              "--feature-gates",
              "NoSuchGate=true"
            },
            "NoSuchGate"),
        Arguments.of(
            "a port out of range",
            new String[] {
              "webhook",
              "--tls-cert-file",
              notPem.toString(),
              "--tls-private-key-file",
              key.toString(),
              "--port",
              "70000"
            },
            "--port must be between 0 and 65535, got 70000"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInvocations")
  @DisplayName("bad flags print one clear line naming the flag or file and exit with code 2")
  void badInput(String name, String[] args, String mentioned) {
    CliRun run = CliRun.of(args);

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains(mentioned);
  }

  @Test
  @DisplayName("the webhook takes NVIDIA's flags: --port 443 by default, -v from the chart")
  void flags() {
    CliRun help = CliRun.of("webhook", "-v", "4", "--help");

    assertThat(help.exitCode()).as(help.err()).isZero();
    assertThat(help.out())
        .contains("--tls-cert-file", "--tls-private-key-file", "--feature-gates")
        .contains("--port")
        .contains("default 443");
  }
}
