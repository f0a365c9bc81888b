package dev.gpudra.cli;

import dev.gpudra.kit.names.KubeNames;
import dev.gpudra.kit.slices.FieldSelectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The flags every kubelet plugin of gpu-dra takes, each defaulting to the environment variable
 * NVIDIA's plugins read, so the same DaemonSet manifests and Helm values work.
 */
class KubeletPluginOptions {
  @Option(
      names = "--node-name",
      defaultValue = "${env:NODE_NAME}",
      description = "Node this plugin serves (NODE_NAME).")
  String nodeName;

  @Option(
      names = {"-n", "--namespace"},
      defaultValue = "${env:NAMESPACE}",
      description =
          "Namespace of the driver (NAMESPACE); default: the context's namespace (in a pod, its"
              + " own), else default.")
  String namespace;

  @Mixin ClusterOptions cluster = new ClusterOptions();

  @Option(
      names = "--cdi-root",
      defaultValue = "${env:CDI_ROOT:-/var/run/cdi}",
      description = "Directory for CDI specs (CDI_ROOT, default ${DEFAULT-VALUE}).")
  String cdiRoot;

  @Option(
      names = "--kubelet-registrar-directory-path",
      defaultValue = "${env:KUBELET_REGISTRAR_DIRECTORY_PATH:-/var/lib/kubelet/plugins_registry}",
      description = "Kubelet plugin registration directory (KUBELET_REGISTRAR_DIRECTORY_PATH).")
  String registrarDir;

  @Option(
      names = "--kubelet-plugins-directory-path",
      defaultValue = "${env:KUBELET_PLUGINS_DIRECTORY_PATH:-/var/lib/kubelet/plugins}",
      description = "Kubelet plugins directory (KUBELET_PLUGINS_DIRECTORY_PATH).")
  String pluginsDir;

  @Option(
      names = {"--nvidia-driver-root", "--host_driver-root"},
      defaultValue = "${env:NVIDIA_DRIVER_ROOT:-${env:HOST_DRIVER_ROOT:-/}}",
      description =
          "Root of the NVIDIA driver installation on the host; CDI specs name host paths under it"
              + " (NVIDIA_DRIVER_ROOT, HOST_DRIVER_ROOT).")
  String driverRoot;

  @Option(
      names = "--container-driver-root",
      defaultValue = "${env:DRIVER_ROOT_CTR_PATH:-/driver-root}",
      description =
          "Where this process sees the driver root (the chart mounts it there); '/' when running"
              + " on the host itself (DRIVER_ROOT_CTR_PATH).")
  String containerDriverRoot;

  @Option(
      names = "--nvidia-cdi-hook-path",
      defaultValue = "${env:NVIDIA_CDI_HOOK_PATH:-/usr/bin/nvidia-cdi-hook}",
      description =
          "Host path of the NVIDIA Container Toolkit's nvidia-cdi-hook, which the CDI specs' hooks"
              + " run (NVIDIA_CDI_HOOK_PATH).")
  String cdiHookPath;

  @Option(
      names = "--feature-gates",
      defaultValue = "${env:FEATURE_GATES:-}",
      description = "Comma-separated Gate=true|false pairs (FEATURE_GATES).")
  String featureGates;

  @Option(
      names = "--healthcheck-port",
      defaultValue = "${env:HEALTHCHECK_PORT:--1}",
      description = "TCP port of the gRPC health service; negative disables (HEALTHCHECK_PORT).")
  int healthcheckPort;

  @Option(
      names = "--http-endpoint",
      defaultValue = "${env:HTTP_ENDPOINT:-}",
      description = "[host]:port of the metrics HTTP server; empty disables (HTTP_ENDPOINT).")
  String httpEndpoint;

  @Option(
      names = "--metrics-path",
      defaultValue = "${env:METRICS_PATH:-/metrics}",
      description = "HTTP path of the metrics (METRICS_PATH).")
  String metricsPath;

  @Option(
      names = "--simulated-gpus",
      defaultValue = "${env:SIMULATED_GPUS}",
      description =
          "A GPU profile name or file; replaces NVML with simulated GPUs (SIMULATED_GPUS).")
  String simulatedGpus;

  @Option(
      names = "--owner-wait-seconds",
      defaultValue = "${env:OWNER_WAIT_SECONDS:-30}",
      description =
          "How long to wait for another instance of the plugin on this node to stop before"
              + " giving up (OWNER_WAIT_SECONDS).")
  int ownerWaitSeconds;

  /** Hidden: fabric8's mock API server ignores spec.* field selectors (benchmarks, local runs). */
  @Option(
      names = "--slice-field-selectors",
      hidden = true,
      defaultValue = "${env:SLICE_FIELD_SELECTORS:-server}",
      converter = SelectorsConverter.class,
      description = "Where ResourceSlices are filtered by node and driver: server or client.")
  FieldSelectors sliceSelectors;

  /**
   * Refuses a namespace or node name the API server would refuse, before anything starts: a blank
   * {@code --namespace " "} would otherwise fall back to the context's namespace unnoticed.
   *
   * @throws InvalidArgumentsException naming the flag and its environment variable
   */
  void checkNames() {
    if (namespace != null && !namespace.isEmpty()) {
      KubeNames.labelProblem(namespace)
          .ifPresent(problem -> {
            throw new InvalidArgumentsException("--namespace (NAMESPACE): " + problem);
          });
    }
    if (nodeName != null && !nodeName.isBlank()) {
      KubeNames.subdomainProblem(nodeName)
          .ifPresent(problem -> {
            throw new InvalidArgumentsException("--node-name (NODE_NAME): " + problem);
          });
    }
  }

  static final class SelectorsConverter
      implements picocli.CommandLine.ITypeConverter<FieldSelectors> {
    @Override
    public FieldSelectors convert(String value) {
      return switch (value) {
        case "server" -> FieldSelectors.SERVER_SIDE;
        case "client" -> FieldSelectors.CLIENT_SIDE;
        default ->
            throw new picocli.CommandLine.TypeConversionException(
                "expected server or client, got '" + value + "'");
      };
    }
  }
}
