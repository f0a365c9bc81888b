package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Runs {@code bench prepare}: the embedded API server here, the plugin in a child JVM, the kubelet
 * stand-in calling it over its socket, the durable-write floor interleaved with the timed cycles;
 * then the floors of cold start and slice publishing, after the child has stopped.
 */
public final class PrepareBench {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration SETTLE = Duration.ofSeconds(2);

  /** What to measure, on which profiles. */
  public record Plan(
      String command, BenchSettings settings, BenchProfile profile, BenchProfile largest) {}

  private final Plan plan;
  private final ChildJvm jvm;
  private final PluginLayout layout;
  private final PrintWriter progress;
  private final long started = System.nanoTime();

  public PrepareBench(Plan plan, ChildJvm jvm, PluginLayout layout, PrintWriter progress) {
    this.plan = Objects.requireNonNull(plan, "plan");
    this.jvm = Objects.requireNonNull(jvm, "jvm");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  public BenchReport run(Machine machine) throws InterruptedException, IOException {
    Files.createDirectories(layout.root());
    BenchSettings s = plan.settings();
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
      List<ClaimRef> timed =
          claims.create("claim", s.claims(), devices, BenchClaims.Access.EXCLUSIVE);
      List<ClaimRef> held =
          claims.create("held", s.heldClaims(), devices, BenchClaims.Access.ADMIN);
      step("created %d claims in the API", timed.size() + held.size());
      PluginRun plugin = runPlugin(client, timed, held);
      long jvmFloor = jvmFloor();
      step("slice publisher: %s, %d rounds", plan.largest().name(), s.publishRounds());
      SlicePublishBench.Result slices =
          new SlicePublishBench(client).measure(plan.largest(), s.publishRounds());
      return new BenchReport(
          runInfo(machine),
          plugin.coldStart(),
          jvmFloor,
          plugin.latencies(),
          plugin.sequential(),
          plugin.concurrent(),
          plugin.idle(),
          plugin.held(),
          slices);
    }
  }

  private record PluginRun(
      ColdStart coldStart,
      PrepareLoop.Latencies latencies,
      Throughput sequential,
      Throughput concurrent,
      MemoryStatus idle,
      MemoryStatus held) {}

  private PluginRun runPlugin(KubernetesClient client, List<ClaimRef> timed, List<ClaimRef> held)
      throws InterruptedException {
    BenchSettings s = plan.settings();
    int deviceCount = plan.profile().devices().size();
    try (KubeletStandIn kubelet =
            new KubeletStandIn(StandInConfig.of(layout.registrarDir(), layout.nodeName()), client);
        PluginProcess plugin = startPlugin(kubelet)) {
      ColdStart cold =
          ColdStart.await(
              plugin,
              layout,
              kubelet,
              new ColdStart.Expected(new PublishedSlices(client), deviceCount, START_TIMEOUT));
      MemoryStatus idle = plugin.memory();
      step("plugin pid %d ready in %.0f ms", plugin.pid(), cold.readyNanos() / 1e6);
      PrepareLoop loop = new PrepareLoop(kubelet);
      loop.prepare(timed.getFirst());
      FileSizes sizes = FileSizes.of(layout);
      loop.unprepare(timed.getFirst());
      step(
          "latency: %d warm-up cycles, %d timed, each followed by the floor's writes",
          s.warmup(), timed.size());
      PrepareLoop.Latencies latencies =
          loop.latencies(timed, s.warmup(), new DurableWritesFloor(layout.floorDir(), sizes));
      step("throughput: 1 caller, then %d, %d s each", s.callers(), s.duration().toSeconds());
      Throughput sequential = loop.cycles(timed, deviceCount, 1, s.duration());
      Throughput concurrent =
          loop.cycles(timed, deviceCount, Math.min(s.callers(), deviceCount), s.duration());
      step("memory: %d admin-access claims on %d devices", held.size(), deviceCount);
      held.forEach(loop::prepare);
      Thread.sleep(SETTLE.toMillis());
      MemoryStatus heldMemory = plugin.memory();
      held.forEach(loop::unprepare);
      return new PluginRun(cold, latencies, sequential, concurrent, idle, heldMemory);
    }
  }

  private PluginProcess startPlugin(KubeletStandIn kubelet) {
    kubelet.start();
    step(
        "starting the plugin (%s, %d devices) in a child JVM",
        plan.profile().name(), plan.profile().devices().size());
    return PluginProcess.spawn(jvm, layout.pluginArgs(plan.profile().name()), layout.pluginLog());
  }

  /** Median of three {@code gpu-dra --version} runs, spawn to exit. */
  private long jvmFloor() throws InterruptedException {
    step("floor: JVM start to exit of gpu-dra --version, 3 runs");
    return JvmStartFloor.median(jvm, layout.root().resolve("version.log"), 3);
  }

  private BenchReport.RunInfo runInfo(Machine machine) {
    String fileSystem;
    try {
      fileSystem = Files.getFileStore(layout.root()).type();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new BenchReport.RunInfo(
        plan.command(),
        plan.settings(),
        plan.profile(),
        plan.largest(),
        machine,
        fileSystem,
        jvm.options());
  }

  private void step(String format, Object... args) {
    progress.printf("[%5.1fs] %s%n", (System.nanoTime() - started) / 1e9, format.formatted(args));
    progress.flush();
  }
}
