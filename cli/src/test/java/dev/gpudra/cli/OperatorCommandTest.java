package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.operator.reconcile.LeaderLease;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class OperatorCommandTest {
  @Test
  @DisplayName("without its namespace the operator refuses to start, in one line")
  void withoutItsNamespaceTheOperatorRefusesInOneLine() {
    CliRun run = CliRun.of("operator", "--namespace", "", "--operand-image", "gpu-dra:1");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--namespace (OPERATOR_NAMESPACE) is empty");
  }

  @Test
  @DisplayName(
      "without the operand image the operator refuses to start, naming the flag and variable")
  void withoutTheOperandImageTheOperatorRefusesInOneLine() {
    CliRun run = CliRun.of("operator", "--namespace", "gpu-operator", "--operand-image", "");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("--operand-image (DRA_DRIVER_IMAGE) is empty");
  }

  @Test
  @DisplayName("uninstall refuses a timeout that is no duration, in one line")
  void uninstallRefusesATimeoutThatIsNoDurationInOneLine() {
    CliRun run = CliRun.of("operator", "uninstall", "--timeout", "soon");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--timeout must be a duration such as 15s");
  }

  @Test
  @DisplayName("operator crds takes apply or delete only")
  void crdsTakesApplyOrDeleteOnly() {
    CliRun run = CliRun.of("operator", "crds", "upgrade");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("operator crds takes apply or delete, got \"upgrade\"");
  }

  @Test
  @DisplayName("NVIDIA's zap flags are checked, and one not built is refused by name")
  void nvidiasZapFlagsAreCheckedByName() {
    CliRun badEncoding = CliRun.of("operator", "--zap-time-encoding=sometimes");
    CliRun badLevel = CliRun.of("operator", "--zap-log-level=loud");
    CliRun notBuilt = CliRun.of("operator", "--zap-stacktrace-level=error");

    assertThat(badEncoding.exitCode()).isEqualTo(2);
    assertThat(badEncoding.err()).contains("--zap-time-encoding must be one of epoch");
    assertThat(badLevel.exitCode()).isEqualTo(2);
    assertThat(badLevel.err()).contains("--zap-log-level must be debug, info");
    assertThat(notBuilt.exitCode()).as("a flag not built is refused, not ignored").isEqualTo(2);
    assertThat(notBuilt.err()).contains("--zap-stacktrace-level");
  }

  @Test
  @DisplayName("zap levels and time encodings read as NVIDIA's operator reads them")
  void zapLevelsAndTimeEncodingsAsNvidiasOperatorTakesThem() {
    assertThat(ZapOptions.level("debug")).isEqualTo(ch.qos.logback.classic.Level.DEBUG);
    assertThat(ZapOptions.level("info")).isEqualTo(ch.qos.logback.classic.Level.INFO);
    assertThat(ZapOptions.level("error")).isEqualTo(ch.qos.logback.classic.Level.ERROR);
    assertThat(ZapOptions.level("3")).isEqualTo(ch.qos.logback.classic.Level.TRACE);
    java.time.Instant t = java.time.Instant.parse("2026-12-05T10:00:00.123456789Z");
    assertThat(TimeEncodingConverter.format(t, "epoch")).isEqualTo("1796464800.123456789");
    assertThat(TimeEncodingConverter.format(t, "millis")).isEqualTo("1796464800123");
    assertThat(TimeEncodingConverter.format(t, "nano")).isEqualTo("1796464800123456789");
    assertThat(TimeEncodingConverter.format(t, "rfc3339nano")).contains(":00.123456789");
  }

  @Test
  @DisplayName(
      "leader election follows NVIDIA's flags, the lease 5 s longer than the renew deadline")
  void leaderElectionAsNvidiasFlagsSayIt() {
    OperatorCommand command = parse("--leader-elect", "--leader-lease-renew-deadline=20s");

    LeaderLease lease = command.election().orElseThrow();
    assertThat(lease.namespace()).isEqualTo("gpu-operator");
    assertThat(lease.renew()).hasSeconds(20);
    assertThat(lease.leaseDuration()).as("5s longer, as NVIDIA's").hasSeconds(25);
    assertThat(parse("--leader-elect=false").election()).isEmpty();
    assertThat(parse("--leader-elect").election().orElseThrow().leaseDuration()).hasSeconds(15);
  }

  @Test
  @DisplayName("a renew deadline no longer than the retry period is refused by its flag")
  void aRenewDeadlineNoLongerThanTheRetryIsRefusedByItsFlag() {
    CliRun run =
        CliRun.of(
            "operator",
            "--namespace",
            "gpu-operator",
            "--operand-image",
            "gpu-dra:1",
            "--leader-elect",
            "--leader-lease-renew-deadline",
            "1s");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("--leader-lease-renew-deadline must be longer than");
  }

  @Test
  @DisplayName("bind addresses are taken as controller-runtime takes them, 0 disabling")
  void bindAddressesAsControllerRuntimeTakesThem() {
    assertThat(OperatorCommand.address("--metrics-bind-address", ":8080").orElseThrow().getPort())
        .isEqualTo(8080);
    assertThat(OperatorCommand.address("--metrics-bind-address", "0")).isEmpty();
    assertThatThrownBy(() -> OperatorCommand.address("--health-probe-bind-address", "8081"))
        .hasMessage(
            "--health-probe-bind-address must be [host]:port (or 0 to disable), got \"8081\"");
  }

  private static OperatorCommand parse(String... args) {
    OperatorCommand command = new OperatorCommand();
    new CommandLine(command)
        .parseArgs(
            java.util.stream.Stream.concat(
                    java.util.stream.Stream.of("--namespace", "gpu-operator"),
                    java.util.Arrays.stream(args))
                .toArray(String[]::new));
    return command;
  }
}
