package dev.gpudra.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Builds API clients: from a kubeconfig file when given, else in-cluster configuration. */
final class Clients {
  private Clients() {}

  static KubernetesClient connect(Optional<Path> kubeconfig) {
    return connect(kubeconfig, ApiRateLimit.NONE);
  }

  /** With client-go's token bucket in front of every request, when {@code limit} sets one. */
  static KubernetesClient connect(Optional<Path> kubeconfig, ApiRateLimit limit) {
    Config config = kubeconfig.map(Clients::fromFile).orElseGet(() -> Config.autoConfigure(null));
    KubernetesClientBuilder builder = new KubernetesClientBuilder().withConfig(config);
    if (limit.limited()) {
      TokenBucket bucket =
          new TokenBucket(
              limit, System::nanoTime, java.util.concurrent.TimeUnit.NANOSECONDS::sleep);
      builder.withHttpClientBuilderConsumer(b ->
          b.addOrReplaceInterceptor(RateLimitInterceptor.NAME, new RateLimitInterceptor(bucket)));
    }
    return builder.build();
  }

  /**
   * The current context of a kubeconfig file.
   *
   * @throws InvalidArgumentsException the file cannot be read or is not a kubeconfig
   */
  private static Config fromFile(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new InvalidArgumentsException(
          "--kubeconfig " + file + ": cannot read: " + OneLineErrors.reason(e));
    }
    try {
      return Config.fromKubeconfig(null, text, file.toString());
    } catch (RuntimeException e) {
      throw new InvalidArgumentsException(
          "--kubeconfig " + file + ": not a kubeconfig: " + OneLineErrors.rootCause(e));
    }
  }
}
