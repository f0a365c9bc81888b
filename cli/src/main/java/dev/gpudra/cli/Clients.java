package dev.gpudra.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Builds API clients as kubectl finds its cluster ({@link KubeconfigChain}): the wiring, where the
 * environment ({@code $KUBECONFIG}, the home directory) is read.
 */
final class Clients {
  private Clients() {}

  static KubernetesClient connect(ClusterTarget target) {
    return connect(target, ApiRateLimit.NONE);
  }

  /** With client-go's token bucket in front of every request, when {@code limit} sets one. */
  static KubernetesClient connect(ClusterTarget target, ApiRateLimit limit) {
    return connect(config(target), limit);
  }

  /** A client for a configuration {@link #config} resolved. */
  static KubernetesClient connect(Config config, ApiRateLimit limit) {
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
   * The client configuration for {@code target}: its context's server, credentials and namespace,
   * or in-cluster configuration where no kubeconfig is found.
   *
   * @throws InvalidArgumentsException a kubeconfig that cannot be read, or a missing context
   */
  static Config config(ClusterTarget target) {
    KubeconfigChain chain =
        new KubeconfigChain(
            Optional.ofNullable(System.getenv("KUBECONFIG")),
            Path.of(System.getProperty("user.home")));
    return chain.resolve(target).map(Clients::fromKubeconfig).orElseGet(Clients::inCluster);
  }

  /**
   * The GPU kubelet plugin's configuration: HTTP/1.1 unless {@code KUBERNETES_HTTP2_DISABLE} (or
   * {@code -Dkubernetes.http2.disable}) says otherwise. (Not the compute-domain plugin's yet: with
   * it, RealNodeComputeDomainE2E failed in CI and passed without; the cause is not pinned down.) A
   * plugin sends one request at a time (claims are fetched one by one under the node lock) and
   * holds few watches, and the JDK client spends less CPU and latency per request on HTTP/1.1 than
   * on HTTP/2 (BENCHMARKS.md, "The claim GET").
   */
  static Config forKubeletPlugin(Config config) {
    if (System.getenv("KUBERNETES_HTTP2_DISABLE") == null
        && System.getProperty("kubernetes.http2.disable") == null) {
      config.setHttp2Disable(true);
    }
    return config;
  }

  /** The namespace a command works in without {@code -n}: the context's, else {@code default}. */
  static String namespace(Config config) {
    String namespace = config.getNamespace();
    return namespace == null || namespace.isBlank() ? "default" : namespace;
  }

  static Config fromKubeconfig(KubeconfigChain.Resolved resolved) {
    String yaml = new KubernetesSerialization().asYaml(resolved.config());
    try {
      // no path: fabric8 would read that one file again, and miss the others' contexts
      return Config.fromKubeconfig(resolved.context(), yaml, null);
    } catch (RuntimeException e) {
      throw new InvalidArgumentsException(
          "kubeconfig "
              + resolved.files()
              + " context "
              + resolved.context()
              + ": "
              + OneLineErrors.rootCause(e));
    }
  }

  /** No kubeconfig anywhere: the pod's service account, as client-go's in-cluster config. */
  private static Config inCluster() {
    return Config.autoConfigure(null);
  }
}
