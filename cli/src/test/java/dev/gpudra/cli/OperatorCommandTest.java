package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
  void nvidiasFlagsNotBuiltYetAreRefusedNotIgnored() {
    CliRun run = CliRun.of("operator", "--leader-elect");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--leader-elect");
  }
}
