package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.operator.reconcile.LeaderLease;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class OperatorCommandTest {
  @Test
  void withoutItsNamespaceTheOperatorRefusesInOneLine() {
    CliRun run = CliRun.of("operator", "--namespace", "", "--operand-image", "gpu-dra:1");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--namespace (OPERATOR_NAMESPACE) is empty");
  }

  @Test
  void withoutTheOperandImageTheOperatorRefusesInOneLine() {
    CliRun run = CliRun.of("operator", "--namespace", "gpu-operator", "--operand-image", "");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("--operand-image (DRA_DRIVER_IMAGE) is empty");
  }

  @Test
  void uninstallRefusesATimeoutThatIsNoDurationInOneLine() {
    CliRun run = CliRun.of("operator", "uninstall", "--timeout", "soon");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains("--timeout must be a duration such as 15s");
  }

  @Test
  void nvidiasFlagsNotBuiltAreRefusedNotIgnored() {
    CliRun run = CliRun.of("operator", "--zap-time-encoding=epoch");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--zap-time-encoding");
  }

  @Test
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
