package dev.gpudra.realcluster.controlplane;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * A kubeconfig file: a client for its current context, or a copy for kubectl.
 *
 * @param file the file
 */
public record Kubeconfig(Path file) {
  public Kubeconfig {
    Objects.requireNonNull(file, "file");
  }

  /** The client configuration of its current context. */
  public Config config() {
    try {
      return Config.fromKubeconfig(null, Files.readString(file), file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read kubeconfig " + file, e);
    }
  }

  /** A new client for its current context; the caller closes it. */
  public KubernetesClient client() {
    return new KubernetesClientBuilder().withConfig(config()).build();
  }

  /** Copies it to {@code target}, replacing what is there. */
  public Path copyTo(Path target) {
    try {
      return Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
  }
}
