package dev.gpudra.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Builds API clients: from a kubeconfig file when given, else in-cluster configuration. */
final class Clients {
  private Clients() {}

  static KubernetesClient connect(Optional<Path> kubeconfig) {
    Config config = kubeconfig.map(Clients::fromFile).orElseGet(() -> Config.autoConfigure(null));
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /** The current context of a kubeconfig file. */
  private static Config fromFile(Path file) {
    try {
      return Config.fromKubeconfig(null, Files.readString(file), file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read kubeconfig " + file, e);
    }
  }
}
