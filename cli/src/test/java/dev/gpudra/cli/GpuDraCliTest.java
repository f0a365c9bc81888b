package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class GpuDraCliTest {
  private record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    return runWithStdin("", args);
  }

  private static Run runWithStdin(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = GpuDra.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    ((MigrateCommand) cli.getSubcommands().get("migrate").getCommand()).stdin =
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static Stream<Arguments> badInvocations() {
    return Stream.of(
        Arguments.of(
            "compute-domain plugin without a node name",
            new String[] {"compute-domain-kubelet-plugin", "--node-name", ""},
            "--node-name (NODE_NAME) is required"),
        Arguments.of(
            "compute-domain plugin with daemons in ComputeDomain status (not built)",
            new String[] {
              "compute-domain-kubelet-plugin",
              "--node-name",
              "n1",
              "--feature-gates",
              "ComputeDomainCliques=false"
            },
            "ComputeDomainCliques=false is not implemented by gpu-dra"),
        Arguments.of(
            "a proc root the simulated GPUs would ignore",
            new String[] {
              "compute-domain-kubelet-plugin",
              "--node-name",
              "n1",
              "--simulated-gpus",
              "gb200-nvl",
              "--proc-root",
              "/tmp/proc"
            },
            "--proc-root (PROC_ROOT) is where the IMEX devices' numbers are read"),
        Arguments.of(
            "a daemon whose claim's CDI edits did not reach it",
            new String[] {"compute-domain-daemon", "run", "--domain-uid", ""},
            "CDI container edits did not apply -- is CDI enabled in your container runtime?"),
        Arguments.of(
            "a daemon without its pod's identity",
            new String[] {"compute-domain-daemon", "run", "--domain-uid", "u", "--node-name", ""},
            "NODE_NAME is required"),
        Arguments.of(
            "a controller without the daemons' image",
            new String[] {"compute-domain-controller", "--image-name", ""},
            "--image-name (IMAGE_NAME) is required"),
        Arguments.of(
            "a lease duration without a unit",
            new String[] {
              "compute-domain-controller",
              "--image-name",
              "gpu-dra:1",
              "--leader-election",
              "--leader-election-lease-duration",
              "15"
            },
            "--leader-election-lease-duration must be a duration such as 15s"),
        Arguments.of(
            "a renew deadline longer than the lease",
            new String[] {
              "compute-domain-controller",
              "--image-name",
              "gpu-dra:1",
              "--leader-election",
              "--leader-election-renew-deadline",
              "1m"
            },
            "renew deadline (PT1M) < lease duration (PT15S)"),
        Arguments.of(
            "a device-plugin flag with an unknown value",
            new String[] {"device-plugin", "--mig-strategy", "dual"},
            "flag --mig-strategy: flags.migStrategy: unknown value \"dual\", want one of none,"
                + " single, mixed"),
        Arguments.of(
            "a device-plugin config file that does not exist",
            new String[] {"device-plugin", "--config-file", "/nonexistent/config.yaml"},
            "cannot read the config file /nonexistent/config.yaml"),
        Arguments.of(
            "a device-plugin setting not built yet",
            new String[] {
              "device-plugin",
              "--simulated-gpus",
              "dgx-h100",
              "--device-list-strategy",
              "cdi-cri",
              "--gds-enabled",
              "true"
            },
            "flags.gdsEnabled: true with a CDI strategy is not supported by gpu-dra's device"
                + " plugin yet"),
        Arguments.of(
            "device-plugin --config-file with --config-dir",
            new String[] {"device-plugin", "--config-file", "a.yaml", "--config-dir", "/tmp"},
            "--config-file (CONFIG_FILE) and --config-dir (CONFIG_FILE_SRCDIR) exclude each other"),
        Arguments.of(
            "an MPS daemon retry period below one second",
            new String[] {"device-plugin-mps-control-daemon", "--retry-seconds", "0"},
            "--retry-seconds must be at least 1, got 0"),
        Arguments.of(
            "an MPS daemon with a config not built yet",
            new String[] {
              "device-plugin-mps-control-daemon", "--device-discovery-strategy", "tegra"
            },
            "flags.deviceDiscoveryStrategy: tegra is not supported by gpu-dra's device plugin yet"),
        Arguments.of(
            "a device-plugin recovery period below zero",
            new String[] {"device-plugin", "--health-recovery-seconds", "-1"},
            "--health-recovery-seconds (HEALTH_RECOVERY_SECONDS) must not be negative, got -1"),
        Arguments.of(
            "plugin without a node name",
            new String[] {"gpu-kubelet-plugin", "--node-name", ""},
            "--node-name (NODE_NAME) is required"),
        Arguments.of(
            "unknown feature gate",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--feature-gates", "Nope=true"
            },
            "Nope"),
        Arguments.of(
            "a gate the plugin does not implement yet (accepted and ignored would be a lie)",
            new String[] {
              "gpu-kubelet-plugin",
              "--node-name",
              "n1",
              "--feature-gates",
              "PassthroughSupport=true,DeviceMetadata=true"
            },
            "DeviceMetadata is not implemented by gpu-dra's GPU kubelet plugin"),
        Arguments.of(
            "a sysfs root without PassthroughSupport (it would be ignored)",
            new String[] {"gpu-kubelet-plugin", "--node-name", "n1", "--sysfs-root", "/tmp/sys"},
            "--sysfs-root and --host-root (SYSFS_ROOT, HOST_ROOT) are where PassthroughSupport"),
        Arguments.of(
            "a consumable-shares mode without its gate (it would be ignored)",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--consumable-shares", "memory"
            },
            "--consumable-shares (CONSUMABLE_SHARES) is memory, but the ConsumableShares feature"
                + " gate is off"),
        Arguments.of(
            "the ConsumableShares gate without a mode (it would do nothing)",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--feature-gates", "ConsumableShares=true"
            },
            "the ConsumableShares feature gate is on, but --consumable-shares"),
        Arguments.of(
            "MPS without the image its control daemons run",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--feature-gates", "MPSSupport=true"
            },
            "--image-name (IMAGE_NAME) is required with the MPSSupport feature gate"),
        Arguments.of(
            "AllAlpha switches on gates the plugin does not implement",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--feature-gates", "AllAlpha=true"
            },
            "DynamicMIG"),
        Arguments.of(
            "klog's alpha logging options, which this plugin does not have",
            new String[] {
              "gpu-kubelet-plugin",
              "--node-name",
              "n1",
              "--feature-gates",
              "LoggingAlphaOptions=true"
            },
            "LoggingAlphaOptions is not implemented"),
        Arguments.of(
            "an XID list with something that is not an XID",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--additional-xids-to-ignore", "13,abc"
            },
            "--additional-xids-to-ignore (ADDITIONAL_XIDS_TO_IGNORE): \"abc\" is not an XID"),
        Arguments.of(
            "health settings without the health gate: they would be ignored",
            new String[] {"gpu-kubelet-plugin", "--node-name", "n1", "--health-fatal-xids", "79"},
            "NVMLDeviceHealthCheck feature gate, which is off: they would be ignored"),
        Arguments.of(
            "a negative recovery period",
            new String[] {
              "gpu-kubelet-plugin", "--node-name", "n1", "--health-recovery-seconds", "-1"
            },
            "--health-recovery-seconds (HEALTH_RECOVERY_SECONDS) must not be negative, got -1"),
        Arguments.of(
            "non-numeric health port",
            new String[] {"gpu-kubelet-plugin", "--node-name", "n1", "--healthcheck-port", "x"},
            "--healthcheck-port"),
        Arguments.of(
            "malformed metrics endpoint",
            new String[] {"gpu-kubelet-plugin", "--node-name", "n1", "--http-endpoint", "8080"},
            "--http-endpoint (HTTP_ENDPOINT)"),
        Arguments.of(
            "unknown simulated profile",
            new String[] {"gpus", "--simulated-gpus", "dgx-z9000"},
            "dgx-z9000"),
        Arguments.of("unknown flag", new String[] {"gpus", "--frobnicate"}, "--frobnicate"),
        Arguments.of(
            "migrate without manifests", new String[] {"migrate"}, "'--filename=FILE|DIR|-'"),
        Arguments.of(
            "migrate a file that does not exist",
            new String[] {"migrate", "-f", "/nonexistent/pods.yaml"},
            "-f /nonexistent/pods.yaml: cannot read: NoSuchFile"),
        Arguments.of(
            "migrate with a device-plugin config that does not exist",
            new String[] {"migrate", "-f", "-", "--config", "/nonexistent/config.yaml"},
            "--config /nonexistent/config.yaml: cannot read: NoSuchFile"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInvocations")
  @DisplayName("bad flags and environment print one clear line and exit with code 2")
  void badInput(String name, String[] args, String mentioned) {
    Run run = run(args);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip().lines()).hasSize(1);
    assertThat(run.err()).contains(mentioned);
  }

  @Test
  @DisplayName("a daemon's check passes off the fabric, where no IMEX runs")
  void checkWithoutClique() {
    assertThat(run("compute-domain-daemon", "check", "--clique-id", "").exitCode()).isZero();
    Run notReady =
        run(
            "compute-domain-daemon",
            "check",
            "--clique-id",
            "c.1",
            "--imex-ctl",
            "/nonexistent/nvidia-imex-ctl");
    assertThat(notReady.exitCode()).isNotZero();
  }

  @Test
  @DisplayName(
      "a kubeconfig that is missing or not a kubeconfig, or a directory that cannot be made, is"
          + " one line naming the flag and exit code 2")
  void badFiles(@TempDir Path dir) throws Exception {
    Path notKubeconfig = Files.writeString(dir.resolve("hostname"), "node-7\n");
    Path file = Files.writeString(dir.resolve("file"), "");
    String[] plugin = {
      "gpu-kubelet-plugin", "--node-name=n1", "--simulated-gpus=dgx-h100", "--healthcheck-port=-1"
    };
    assertOneLine(
        run(concat(plugin, "--kubeconfig=" + notKubeconfig)),
        "--kubeconfig " + notKubeconfig + ": not a kubeconfig: ");
    assertOneLine(
        run(concat(plugin, "--kubeconfig=" + dir.resolve("missing"))),
        "--kubeconfig " + dir.resolve("missing") + ": cannot read: NoSuchFile");
    Path kubeconfig =
        Files.writeString(
            dir.resolve("kubeconfig"),
            "apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server:"
                + " 'https://127.0.0.1:1'}}]\ncontexts: [{name: c, context: {cluster: c, user:"
                + " u}}]\ncurrent-context: c\nusers: [{name: u, user: {}}]\n");
    assertOneLine(
        run(
            concat(
                plugin,
                "--kubeconfig=" + kubeconfig,
                "--cdi-root=" + file.resolve("cdi"),
                "--kubelet-registrar-directory-path=" + dir.resolve("registry"),
                "--kubelet-plugins-directory-path=" + dir.resolve("plugins"))),
        "--cdi-root: cannot create " + file.resolve("cdi") + ": FileSystem");
  }

  private static void assertOneLine(Run run, String mentioned) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err().strip().lines()).as(run.err()).hasSize(1);
    assertThat(run.err()).contains(mentioned);
  }

  private static String[] concat(String[] first, String... more) {
    return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
  }

  @Test
  @DisplayName(
      "migrate: 0 when all is translated, 1 with a report line per object left unchanged (still"
          + " printed), 2 and one line naming the document or field for input it cannot read")
  void migrate(@TempDir Path dir) throws Exception {
    String pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n";
    String gpu = pod + "  - {name: c, resources: {limits: {nvidia.com/gpu.shared: 1}}}\n";
    String unknown = pod + "  - {name: c, resources: {limits: {nvidia.com/hostdev: 1}}}\n";
    Path config =
        Files.writeString(
            dir.resolve("dp.yaml"),
            "version: v1\nsharing:\n  timeSlicing:\n    renameByDefault: true\n"
                + "    resources: [{name: nvidia.com/gpu, replicas: 4}]\n");

    Run translated = runWithStdin(gpu, "migrate", "-f", "-", "--config", config.toString());
    assertThat(translated.exitCode()).as(translated.err()).isZero();
    assertThat(translated.err()).isEmpty();
    assertThat(translated.out())
        .contains("name: p-c-gpu", "strategy: TimeSlicing", "resourceClaimTemplateName: p-c-gpu");

    Run partly = runWithStdin(gpu + "---\n" + unknown, "migrate", "-f", "-");
    assertThat(partly.exitCode()).isEqualTo(1);
    assertThat(partly.out()).isEqualTo(gpu + "---\n" + unknown);
    assertThat(partly.err().lines())
        .containsExactly(
            "<stdin>, document 1 (line 1): Pod p: container \"c\": nvidia.com/gpu.shared: a"
                + " shared resource: give the device plugin's config that shares it (--config)"
                + " (left unchanged)",
            "<stdin>, document 2 (line 8): Pod p: container \"c\": nvidia.com/hostdev: not a"
                + " resource of NVIDIA's device plugin (left unchanged)");

    assertOneLine(
        runWithStdin("kind: [", "migrate", "-f", "-"), "<stdin>, document 1: invalid YAML at line");
    Files.writeString(dir.resolve("bad.yaml"), "apiVersion: v1\nmetadata: {}\n");
    assertOneLine(
        run("migrate", "-f", dir.toString()),
        dir.resolve("bad.yaml") + ", document 1 (line 1): field kind");
    Files.writeString(config, "sharing: {timeSlicing: {resources: [{name: gpu, replicas: 1}]}}");
    assertOneLine(
        run("migrate", "-f", "-", "--config", config.toString()),
        "--config: " + config + ": sharing.timeSlicing.resources.0.replicas: at least 2, got 1");
  }

  @Test
  @DisplayName("migrate -f DIR reads its .yaml, .yml and .json files in name order, no others")
  void migrateDirectory(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("b.json"), "{\"apiVersion\": \"v1\", \"kind\": \"B\"}\n");
    Files.writeString(dir.resolve("a.yml"), "apiVersion: v1\nkind: A\n");
    Files.writeString(dir.resolve("c.txt"), "not a manifest");

    Run run = run("migrate", "-f", dir.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .isEqualTo("apiVersion: v1\nkind: A\n---\n{\"apiVersion\": \"v1\", \"kind\": \"B\"}\n");
  }

  @Test
  @DisplayName("gpus lists every device of a simulated profile")
  void gpusTable() {
    Run run = run("gpus", "--simulated-gpus", "dgx-a100-mig");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("driver 580.95.05, CUDA 13.0, 15 devices")
        .contains("gpu-0-mig-1g5gb-19-0", "mig 1g.5gb", "gpu-7", "40536Mi");
  }

  @Test
  @DisplayName("gpus -o yaml renders the ResourceSlice the plugin would publish")
  void gpusYaml() {
    Run run = run("gpus", "--simulated-gpus", "dgx-h100", "--node-name", "node-7", "-o", "yaml");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("apiVersion: \"resource.k8s.io/v1\"")
        .contains("kind: \"ResourceSlice\"")
        .contains("driver: \"gpu.nvidia.com\"")
        .contains("nodeName: \"node-7\"")
        .contains("resourceSliceCount: 1")
        .contains("name: \"gpu-7\"")
        .contains("generateName: \"node-7-gpu.nvidia.com-\"");
  }
}
