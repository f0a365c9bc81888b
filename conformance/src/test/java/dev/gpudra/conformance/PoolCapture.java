package dev.gpudra.conformance;

import static org.awaitility.Awaitility.await;

import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Runs one plugin against an API server of its own until its node's pool is published whole, and
 * returns that pool. One server per run: the embedded server ignores {@code spec.*} field
 * selectors, so a plugin that trusts them (NVIDIA's) would take another node's slices for its own.
 */
final class PoolCapture {
  static final String DRIVER = "gpu.nvidia.com";
  private static final Duration PUBLISHED = Duration.ofSeconds(60);

  /** A pool that has not changed for this long is taken as what the plugin publishes. */
  private static final Duration SETTLED = Duration.ofMillis(1500);

  private PoolCapture() {}

  /**
   * @param dir the node's directory (CDI root, kubelet directories, the plugin's log)
   * @throws IllegalStateException naming the plugin, the profile and its log when the pool does not
   *     come whole within a minute
   */
  /**
   * What one run serves.
   *
   * @param nodeName the node's name
   * @param driverRoot the mock driver root
   * @param flags more flags for the plugin (gates)
   */
  record Run(String nodeName, Path driverRoot, List<String> flags) {
    Run {
      flags = List.copyOf(flags);
    }
  }

  static List<ResourceSlice> run(Plugin plugin, Run run, Path dir) {
    return run(plugin, run, dir, pool -> pool);
  }

  /**
   * @param whilePublished what to take from the running plugin once its pool is whole (its
   *     metrics), given the pool
   */
  static <T> T run(
      Plugin plugin, Run run, Path dir, Function<List<ResourceSlice>, T> whilePublished) {
    String nodeName = run.nodeName();
    Path driverRoot = run.driverRoot();
    try (LocalApiServer api = new LocalApiServer().start()) {
      KubernetesClient client = api.client();
      client
          .nodes()
          .resource(new NodeBuilder().withNewMetadata().withName(nodeName).endMetadata().build())
          .create();
      Plugin.Node node =
          new Plugin.Node(nodeName, api.writeKubeconfig(dir.resolve("kubeconfig")), dir);
      node.createDirectories();
      List<String> command = new ArrayList<>(plugin.command(node, driverRoot));
      command.addAll(run.flags());
      Process process = start(command, node.log());
      try {
        return whilePublished.apply(settled(client, nodeName));
      } catch (ConditionTimeoutException e) {
        throw new IllegalStateException(
            plugin.name()
                + " plugin on "
                + driverRoot.getFileName()
                + " published no whole pool within "
                + PUBLISHED.toSeconds()
                + " s; its log: "
                + node.log(),
            e);
      } finally {
        stop(process);
      }
    }
  }

  static List<ResourceSlice> settled(KubernetesClient client, String nodeName) {
    AtomicReference<List<ResourceSlice>> last = new AtomicReference<>(List.of());
    AtomicLong since = new AtomicLong(System.nanoTime());
    await()
        .atMost(PUBLISHED)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> {
          List<ResourceSlice> pool = pool(client, nodeName);
          if (!pool.equals(last.get())) {
            last.set(pool);
            since.set(System.nanoTime());
            return false;
          }
          return whole(pool) && System.nanoTime() - since.get() >= SETTLED.toNanos();
        });
    return last.get();
  }

  /** The node's slices of the driver, newest generation only, by name. */
  private static List<ResourceSlice> pool(KubernetesClient client, String nodeName) {
    List<ResourceSlice> slices =
        client.resources(ResourceSlice.class).list().getItems().stream()
            .filter(s -> DRIVER.equals(s.getSpec().getDriver()))
            .filter(s -> nodeName.equals(s.getSpec().getNodeName()))
            .toList();
    long generation =
        slices.stream().mapToLong(s -> s.getSpec().getPool().getGeneration()).max().orElse(0);
    return slices.stream()
        .filter(s -> s.getSpec().getPool().getGeneration() == generation)
        .sorted(Comparator.comparing(s -> s.getMetadata().getName()))
        .toList();
  }

  private static boolean whole(List<ResourceSlice> pool) {
    return !pool.isEmpty()
        && pool.getFirst().getSpec().getPool().getResourceSliceCount() == pool.size();
  }

  static Process start(List<String> command, Path log) {
    try {
      Files.createDirectories(log.getParent());
      return new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command.getFirst(), e);
    }
  }

  static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
