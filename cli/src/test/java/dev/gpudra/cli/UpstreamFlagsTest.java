package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Every flag of NVIDIA's kubelet plugins parses; those for features gpu-dra lacks are refused. */
class UpstreamFlagsTest {
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "gpu-kubelet-plugin|--default-config=a100|--default-config (DEFAULT_CONFIG)",
        "compute-domain-kubelet-plugin|--pod-uid=u1|--pod-uid (POD_UID)"
      })
  @DisplayName("a value for a feature gpu-dra lacks is refused naming the flag, exit code 2")
  void refused(String command, String flag, String named) {
    CliRun run = CliRun.of(command, "--node-name=n1", "--simulated-gpus=dgx-h100", flag);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(named).contains("is not supported by gpu-dra: ");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "--imex-mode=hostManaged|--imex-mode (IMEX_MODE): imex.mode=\"hostManaged\" requires the"
            + " HostManagedIMEXDaemon feature gate to be enabled",
        "--imex-mode=host|--imex-mode (IMEX_MODE): unknown imex.mode \"host\"",
        "--imex-isolation=channel|--imex-isolation (IMEX_ISOLATION): imex.isolation=\"channel\" is"
            + " not supported yet",
        "--imex-isolation=pod|unknown imex.isolation \"pod\": must be \"domain\" or \"channel\"",
        "--imex-host-socket-path=/run/imex.sock|--imex-host-socket-path (IMEX_HOST_SOCKET_PATH) is"
            + " /run/imex.sock, but only --imex-mode hostManaged asks"
      })
  @DisplayName("IMEX modes are refused by NVIDIA's rules, naming the flag")
  void imexRules(String flag, String message) {
    CliRun run =
        CliRun.of(
            "compute-domain-kubelet-plugin", "--node-name=n1", "--simulated-gpus=dgx-h100", flag);
    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "--imex-mode=driverManaged",
    "--imex-isolation=domain",
    "--gpu-clique-label-enabled=false"
  })
  @DisplayName("NVIDIA's default values, which ask for what gpu-dra does, are accepted")
  void inert(String flag) {
    CliRun run = CliRun.of("compute-domain-kubelet-plugin", "--node-name=", flag);
    assertThat(run.err()).doesNotContain("not supported").contains("--node-name (NODE_NAME)");
  }

  @Test
  @DisplayName("--host_driver-root is --nvidia-driver-root's alias; HOST_DRIVER_ROOT backs it")
  void hostDriverRoot() {
    assumeTrue(System.getenv("NVIDIA_DRIVER_ROOT") == null);
    PluginOptions options = parse("--host_driver-root=/run/nvidia/driver");
    assertThat(options.driverRoot).isEqualTo("/run/nvidia/driver");
    assumeTrue(System.getenv("HOST_DRIVER_ROOT") == null);
    assertThat(parse().driverRoot).isEqualTo("/");
  }

  private static PluginOptions parse(String... args) {
    CommandLine root = GpuDra.commandLine();
    String[] line = new String[args.length + 1];
    line[0] = "gpu-kubelet-plugin";
    System.arraycopy(args, 0, line, 1, args.length);
    root.parseArgs(line);
    return ((GpuKubeletPluginCommand) root.getSubcommands().get("gpu-kubelet-plugin").getCommand())
        .options;
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"--gpu-clique-label-enabled=yes", "--gpu-clique-label-enabled=2"})
  @DisplayName("a value that is not Go's boolean is refused naming the flag, exit code 2")
  void notABoolean(String flag) {
    CliRun run = CliRun.of("compute-domain-kubelet-plugin", "--node-name=n1", flag);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--gpu-clique-label-enabled", "is not a boolean");
  }
}
