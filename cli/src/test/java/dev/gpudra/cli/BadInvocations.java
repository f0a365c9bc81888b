package dev.gpudra.cli;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Command lines the CLI refuses with one clear line and exit code 2, each as (name, args, what the
 * error names), grouped by the command they exercise.
 */
final class BadInvocations {
  private BadInvocations() {}

  static Stream<Arguments> all() {
    return Stream.of(
            computeDomain(),
            leaderElection(),
            devicePlugin(),
            gates(),
            imagesAndAlphaOptions(),
            healthAndSimulation(),
            migrate())
        .flatMap(s -> s);
  }

  /** The compute-domain plugin, daemon and controller. */
  private static Stream<Arguments> computeDomain() {
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
            "--image-name (IMAGE_NAME) is required"));
  }

  /** Leader election timings. */
  private static Stream<Arguments> leaderElection() {
    return Stream.of(
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
            "renew deadline (PT1M) < lease duration (PT15S)"));
  }

  /** The device plugin's flags, config files and MPS daemon. */
  private static Stream<Arguments> devicePlugin() {
    return Stream.of(
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
            "--health-recovery-seconds (HEALTH_RECOVERY_SECONDS) must not be negative, got -1"));
  }

  /** The GPU plugin's node name, feature gates and the settings they guard. */
  private static Stream<Arguments> gates() {
    return Stream.of(
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
              "LoggingAlphaOptions=true"
            },
            "LoggingAlphaOptions is not implemented by gpu-dra's GPU kubelet plugin"),
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
            "the ConsumableShares feature gate is on, but --consumable-shares"));
  }

  /** MPS without its image, and alpha switches the plugin does not have. */
  private static Stream<Arguments> imagesAndAlphaOptions() {
    return Stream.of(
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
            "LoggingAlphaOptions is not implemented"));
  }

  /** Health, metrics and simulated-profile settings, and unknown flags. */
  private static Stream<Arguments> healthAndSimulation() {
    return Stream.of(
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
            "migrate without manifests", new String[] {"migrate"}, "'--filename=FILE|DIR|-'"));
  }

  /** Migrate inputs that do not exist. */
  private static Stream<Arguments> migrate() {
    return Stream.of(
        Arguments.of(
            "migrate a file that does not exist",
            new String[] {"migrate", "-f", "/nonexistent/pods.yaml"},
            "-f /nonexistent/pods.yaml: cannot read: NoSuchFile"),
        Arguments.of(
            "migrate with a device-plugin config that does not exist",
            new String[] {"migrate", "-f", "-", "--config", "/nonexistent/config.yaml"},
            "--config /nonexistent/config.yaml: cannot read: NoSuchFile"));
  }
}
