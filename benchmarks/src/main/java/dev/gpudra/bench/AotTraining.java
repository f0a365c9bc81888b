package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Trains the plugin's AOT cache (JEP 483, 514, 515): the plugin in a child JVM with {@code
 * -XX:AOTMode=record} goes through what a node asks of it (registration with the kubelet stand-in,
 * slice publishing, prepares and unprepares of exclusive and admin-access claims fetched from the
 * API), is stopped with SIGTERM as a container runtime stops it (the JVM writes the recorded
 * configuration at exit), and a second JVM with {@code -XX:AOTMode=create} turns that into the
 * cache. Both JVMs run with the child's options and classpath: a cache is only used by a JVM with
 * the same classpath (jar paths, sizes and modification times) and the same module options.
 */
public final class AotTraining {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
  private static final long RECORD_EXIT_SECONDS = 300;
  private static final long CREATE_SECONDS = 300;

  /**
   * What to train with.
   *
   * @param profile the simulated GPUs the plugin serves
   * @param claims exclusive claims created in the API; as many admin-access claims again
   * @param cycles prepare+unprepare cycles over the exclusive claims
   * @param cache the cache file to write
   */
  public record Plan(BenchProfile profile, int claims, int cycles, Path cache) {
    public Plan {
      Objects.requireNonNull(profile, "profile");
      Objects.requireNonNull(cache, "cache");
      if (claims < 1 || cycles < 1) {
        throw new IllegalArgumentException("claims and cycles must be positive");
      }
    }
  }

  private final Plan plan;
  private final ChildJvm jvm;
  private final PluginLayout layout;

  /**
   * @param jvm the plugin's JVM as it will run with the cache, without any AOT option
   * @param layout where the training plugin keeps its files
   */
  public AotTraining(Plan plan, ChildJvm jvm, PluginLayout layout) {
    this.plan = Objects.requireNonNull(plan, "plan");
    this.jvm = Objects.requireNonNull(jvm, "jvm");
    this.layout = Objects.requireNonNull(layout, "layout");
  }

  /** Records, then creates the cache; the cache file appears only when both succeeded. */
  public void run() throws IOException, InterruptedException {
    Files.createDirectories(layout.root());
    Path configuration = layout.root().resolve("plugin.aotconf");
    record(configuration);
    if (!Files.isRegularFile(configuration)) {
      throw new IllegalStateException(
          "the plugin wrote no AOT configuration at exit; see " + layout.pluginLog());
    }
    create(configuration);
    // tens of MiB, and of no use once the cache exists
    Files.delete(configuration);
  }

  private void record(Path configuration) throws InterruptedException {
    List<String> options = new ArrayList<>(jvm.options());
    options.add("-XX:AOTMode=record");
    options.add("-XX:AOTConfiguration=" + configuration);
    ChildJvm recording = new ChildJvm(jvm.java(), options, jvm.classpath());
    try (LocalApiServer api = new LocalApiServer().start()) {
      KubernetesClient client = api.client();
      api.writeKubeconfig(layout.kubeconfig());
      client
          .nodes()
          .resource(
              new NodeBuilder().withNewMetadata().withName(layout.nodeName()).endMetadata().build())
          .create();
      BenchClaims claims = new BenchClaims(client, layout.nodeName());
      List<String> devices = plan.profile().deviceNames();
      List<ClaimRef> exclusive =
          claims.create("train", plan.claims(), devices, BenchClaims.Access.EXCLUSIVE);
      List<ClaimRef> admin =
          claims.create("train-admin", plan.claims(), devices, BenchClaims.Access.ADMIN);
      try (KubeletStandIn kubelet =
          new KubeletStandIn(StandInConfig.of(layout.registrarDir(), layout.nodeName()), client)) {
        kubelet.start();
        train(recording, client, kubelet, exclusive, admin);
      }
    }
  }

  /** Start, the prepare paths, then SIGTERM: the plugin's JVM writes the configuration at exit. */
  private void train(
      ChildJvm recording,
      KubernetesClient client,
      KubeletStandIn kubelet,
      List<ClaimRef> exclusive,
      List<ClaimRef> admin)
      throws InterruptedException {
    try (PluginProcess plugin =
        PluginProcess.spawn(
            recording, layout.pluginArgs(plan.profile().name()), layout.pluginLog())) {
      ColdStart.await(
          plugin,
          layout,
          kubelet,
          new ColdStart.Expected(
              new PublishedSlices(client), plan.profile().devices().size(), START_TIMEOUT));
      PrepareLoop loop = new PrepareLoop(kubelet);
      for (int i = 0; i < plan.cycles(); i++) {
        ClaimRef claim = exclusive.get(i % exclusive.size());
        loop.prepare(claim);
        loop.unprepare(claim);
      }
      admin.forEach(loop::prepare);
      admin.forEach(loop::unprepare);
      stop(plugin);
    }
  }

  /**
   * SIGTERM, then as long as the JVM takes to write the configuration (tens of MiB: over the 10 s
   * {@link PluginProcess#close()} grants on a busy machine, and a JVM killed meanwhile leaves a
   * truncated file).
   */
  private static void stop(PluginProcess plugin) throws InterruptedException {
    ProcessHandle.of(plugin.pid()).ifPresent(ProcessHandle::destroy);
    plugin.waitFor(RECORD_EXIT_SECONDS);
  }

  private void create(Path configuration) throws IOException, InterruptedException {
    Path written = plan.cache().resolveSibling(plan.cache().getFileName() + ".tmp");
    Files.createDirectories(written.getParent());
    List<String> command = new ArrayList<>();
    command.add(jvm.java().toString());
    command.addAll(jvm.options());
    command.add("-XX:AOTMode=create");
    command.add("-XX:AOTConfiguration=" + configuration);
    command.add("-XX:AOTCache=" + written);
    command.add("-cp");
    command.add(jvm.classpath());
    Path log = layout.root().resolve("aot-create.log");
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    if (!process.waitFor(CREATE_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("AOT cache creation took over " + CREATE_SECONDS + " s");
    }
    if (process.exitValue() != 0 || !Files.isRegularFile(written)) {
      throw new IllegalStateException("AOT cache creation failed; see " + log);
    }
    Files.move(written, plan.cache(), StandardCopyOption.REPLACE_EXISTING);
  }
}
