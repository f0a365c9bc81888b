package dev.gpudra.cli;

import dev.gpudra.localcluster.controlplane.Kubeconfig;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.util.Optional;

/** Builds API clients: from a kubeconfig file when given, else in-cluster configuration. */
final class Clients {
  private Clients() {}

  static KubernetesClient connect(Optional<Path> kubeconfig) {
    Config config =
        kubeconfig.map(f -> new Kubeconfig(f).config()).orElseGet(() -> Config.autoConfigure(null));
    return new KubernetesClientBuilder().withConfig(config).build();
  }
}
