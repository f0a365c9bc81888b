package dev.gpudra.cli;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Which cluster a command talks to, as the user named it: a kubeconfig file and a context, each
 * optional (kubectl's rules fill in the rest, {@link KubeconfigChain}).
 *
 * @param kubeconfig {@code --kubeconfig}: this file only
 * @param context {@code --context}: this context instead of the current one
 */
record ClusterTarget(Optional<Path> kubeconfig, Optional<String> context) {
  /** Neither named: {@code $KUBECONFIG}, {@code ~/.kube/config} or in-cluster, current context. */
  static final ClusterTarget DEFAULT = new ClusterTarget(Optional.empty(), Optional.empty());

  ClusterTarget {
    Objects.requireNonNull(kubeconfig, "kubeconfig");
    Objects.requireNonNull(context, "context");
  }

  /** From flag values, where null or blank means not given. */
  static ClusterTarget of(String kubeconfig, String context) {
    return new ClusterTarget(given(kubeconfig).map(Path::of), given(context));
  }

  private static Optional<String> given(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }
}
