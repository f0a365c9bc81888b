package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BuildInfoTest {
  @Test
  @DisplayName("--version and `version` print the build's version and the commit it was built from")
  void versionNamesTheCommit() {
    CliRun flag = CliRun.of("--version");
    CliRun command = CliRun.of("version");

    assertThat(flag.exitCode()).isZero();
    assertThat(flag.out().strip())
        .matches("gpu-dra \\S.* \\(commit ([0-9a-f]{12}|unknown)(, modified)?\\)");
    assertThat(command.out()).isEqualTo(flag.out());
    assertThat(new BuildInfo("0.1.0", "0123456789ab", true).line())
        .isEqualTo("gpu-dra 0.1.0 (commit 0123456789ab, modified)");
  }

  @Test
  @DisplayName("the start-up line names the build, the command and every option's effective value")
  void startupLineShowsTheEffectiveConfiguration() {
    CommandLine cli = GpuDra.commandLine();
    CommandLine.ParseResult parsed =
        cli.parseArgs("gpu-kubelet-plugin", "--node-name", "gpu-7", "-v", "4");
    CommandLine plugin = parsed.asCommandLineList().getLast();

    String line = StartupLine.of(new BuildInfo("0.1.0", "0123456789ab", false), plugin);

    assertThat(line)
        .startsWith("gpu-dra 0.1.0 (commit 0123456789ab) gpu-dra gpu-kubelet-plugin: ")
        .contains("--node-name=gpu-7", "--v=4", "--logging-format=text")
        .doesNotContain("--help", "--version");
  }
}
