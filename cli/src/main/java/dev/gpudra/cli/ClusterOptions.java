package dev.gpudra.cli;

import picocli.CommandLine.Option;

/** {@code --kubeconfig} and {@code --context}, found as kubectl finds them. */
final class ClusterOptions {
  @Option(
      names = "--kubeconfig",
      paramLabel = "FILE",
      description =
          "Kubeconfig file. Default: $KUBECONFIG (a colon-separated list, merged, the first file"
              + " to set a value wins), then ~/.kube/config, then the in-cluster service account.")
  String kubeconfig;

  @Option(
      names = "--context",
      paramLabel = "NAME",
      description = "The kubeconfig context to use; default: its current-context.")
  String context;

  ClusterTarget target() {
    return ClusterTarget.of(kubeconfig, context);
  }
}
