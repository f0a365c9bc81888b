package dev.gpudra.computedomain.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The compute-domain kubelet plugin as a process of its own, for tests that cap its heap: {@code
 * <kubeconfig> <root dir> <profile>}, on {@link DomainNode}'s directories and settings. Prints a
 * line of {@link #READY} and its clique ID once serving, and serves until its standard input
 * closes.
 */
final class DomainPluginProcess {
  static final String READY = "domain-plugin-process: serving, clique ";

  private DomainPluginProcess() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: <kubeconfig> <root dir> <profile>");
      System.exit(2);
    }
    KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(Path.of(args[0]))))
            .build();
    try (ComputeDomainKubeletPlugin plugin =
        ComputeDomainKubeletPlugin.start(
            DomainNode.config(Path.of(args[1]), args[2]),
            client,
            PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE),
            Duration.ofSeconds(5),
            DomainNode.RETRY)) {
      System.out.println(READY + plugin.cliqueId());
      System.out.flush();
      while (System.in.read() != -1) {
        // serve until the test closes our input
      }
    }
    client.close();
  }

  /** A running {@link DomainPluginProcess}, its stderr in {@code plugin.log} under the root. */
  record Child(Process process, Path log, String cliqueId) implements AutoCloseable {
    static Child start(Path kubeconfig, Path root, String profile, List<String> jvmOptions) {
      List<String> command = new ArrayList<>();
      command.add(ProcessHandle.current().info().command().orElseThrow());
      command.addAll(jvmOptions);
      command.addAll(
          List.of(
              "-cp",
              System.getProperty("java.class.path"),
              DomainPluginProcess.class.getName(),
              kubeconfig.toString(),
              root.toString(),
              profile));
      Path log = root.resolve("plugin.log");
      Process process;
      try {
        process =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start " + command, e);
      }
      Child started = new Child(process, log, "");
      try {
        String clique =
            await()
                .atMost(Duration.ofSeconds(30))
                .until(
                    () -> {
                      assertThat(process.isAlive()).as(started.output()).isTrue();
                      return started.output().lines().filter(l -> l.startsWith(READY)).findFirst();
                    },
                    Optional::isPresent)
                .orElseThrow()
                .substring(READY.length());
        return new Child(process, log, clique);
      } catch (RuntimeException | Error e) {
        started.close();
        throw e;
      }
    }

    /** Closes its input, waits for its exit, and returns the exit status. */
    int stop() throws InterruptedException, IOException {
      process.getOutputStream().close();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        throw new AssertionError("still running 30 s after its input closed: " + output());
      }
      return process.exitValue();
    }

    String output() {
      try {
        return Files.readString(log);
      } catch (IOException e) {
        return "(no output: " + e.getMessage() + ")";
      }
    }

    @Override
    public void close() {
      process.destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
