package dev.gpudra.computedomain.plugin;

import dev.gpudra.api.computedomain.ImexMode;
import dev.gpudra.api.featuregates.FeatureGates;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code compute-domain.nvidia.com} kubelet plugin's settings, from the same flags and
 * environment as NVIDIA's {@code compute-domain-kubelet-plugin}.
 *
 * @param nodeName this node
 * @param namespace the driver's namespace (where cliques live)
 * @param kubeconfig a kubeconfig file; in-cluster config when empty
 * @param cdiRoot where CDI specs are written
 * @param registrarDir the kubelet's plugin registration directory
 * @param pluginsDir the kubelet's plugins directory (the same path on the host)
 * @param driverRoot where this process sees the driver root
 * @param hostDriverRoot the driver root on the host, for the specs' host paths
 * @param cdiHookPath the host path of {@code nvidia-cdi-hook}
 * @param procRoot where the kernel's {@code /proc} is read (IMEX device numbers)
 * @param featureGates the gates
 * @param healthcheckPort the gRPC health port; negative disables
 * @param metrics where Prometheus metrics are served ({@code HTTP_ENDPOINT}); empty: not at all
 * @param metricsPath their HTTP path ({@code METRICS_PATH})
 * @param simulatedGpus a GPU profile replacing NVML
 * @param gpuCliqueLabel whether the plugin owns the node's {@code nvidia.com/gpu.clique} label
 *     ({@code GPU_CLIQUE_LABEL_ENABLED})
 * @param imex who runs {@code nvidia-imex} ({@code IMEX_MODE})
 * @param imexHostSocket the host daemon's control socket under the driver root, asked with
 *     hostManaged IMEX ({@code IMEX_HOST_SOCKET_PATH})
 */
public record DomainPluginConfig(
    String nodeName,
    String namespace,
    Optional<Path> kubeconfig,
    Path cdiRoot,
    Path registrarDir,
    Path pluginsDir,
    Path driverRoot,
    Path hostDriverRoot,
    String cdiHookPath,
    Path procRoot,
    FeatureGates featureGates,
    int healthcheckPort,
    Optional<InetSocketAddress> metrics,
    String metricsPath,
    Optional<String> simulatedGpus,
    boolean gpuCliqueLabel,
    ImexMode imex,
    String imexHostSocket) {
  public static final String DRIVER_NAME = "compute-domain.nvidia.com";

  public DomainPluginConfig {
    if (nodeName == null || nodeName.isBlank()) {
      throw new IllegalArgumentException("--node-name (NODE_NAME) is required");
    }
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(kubeconfig, "kubeconfig");
    Objects.requireNonNull(cdiRoot, "cdiRoot");
    Objects.requireNonNull(registrarDir, "registrarDir");
    Objects.requireNonNull(pluginsDir, "pluginsDir");
    Objects.requireNonNull(driverRoot, "driverRoot");
    Objects.requireNonNull(hostDriverRoot, "hostDriverRoot");
    Objects.requireNonNull(cdiHookPath, "cdiHookPath");
    Objects.requireNonNull(procRoot, "procRoot");
    Objects.requireNonNull(featureGates, "featureGates");
    Objects.requireNonNull(metrics, "metrics");
    Objects.requireNonNull(metricsPath, "metricsPath");
    Objects.requireNonNull(simulatedGpus, "simulatedGpus");
    Objects.requireNonNull(imex, "imex");
    Objects.requireNonNull(imexHostSocket, "imexHostSocket");
    if (simulatedGpus.filter(g -> !g.isBlank()).isPresent() && !procRoot.equals(PROC)) {
      throw new IllegalArgumentException(
          "--proc-root (PROC_ROOT) is where the IMEX devices' numbers are read; with simulated GPUs"
              + " (SIMULATED_GPUS) they are simulated too, so "
              + procRoot
              + " would be ignored");
    }
  }

  /** Where the kernel's {@code /proc} is, by default. */
  public static final Path PROC = Path.of("/proc");

  /** {@code <pluginsDir>/compute-domain.nvidia.com}: sockets, locks, checkpoint. */
  public Path dataDir() {
    return pluginsDir.resolve(DRIVER_NAME);
  }

  /** {@code <dataDir>/domains}: one directory per domain whose daemon runs here. */
  public Path domainsDir() {
    return dataDir().resolve("domains");
  }

  public boolean hostManaged() {
    return imex == ImexMode.HOST_MANAGED;
  }

  public boolean simulated() {
    return simulatedGpus.filter(s -> !s.isBlank()).isPresent();
  }
}
