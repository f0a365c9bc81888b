package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.JvmStartFloor;
import dev.gpudra.bench.Machine;
import dev.gpudra.bench.MemoryStatus;
import dev.gpudra.bench.PluginProcess;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs {@code bench device-plugin}: cold starts of the plugin in child JVMs against the device
 * manager stand-in, then one plugin per device list strategy for memory and Allocate latency beside
 * the transport floor, then the bare JVM floor once no plugin runs.
 */
public final class DevicePluginBench {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
  private static final int TRANSPORT_THREADS = 2;

  /** What to run, and the command line that reproduces it. */
  public record Plan(String command, DevicePluginSettings settings) {
    public Plan {
      Objects.requireNonNull(command, "command");
      Objects.requireNonNull(settings, "settings");
    }
  }

  private final Plan plan;
  private final ChildJvm jvm;
  private final Path work;
  private final PrintWriter progress;
  private final long started = System.nanoTime();

  /**
   * @param work the work directory: one directory per plugin process under it
   * @param progress where each step is told as it starts
   */
  public DevicePluginBench(Plan plan, ChildJvm jvm, Path work, PrintWriter progress) {
    this.plan = Objects.requireNonNull(plan, "plan");
    this.jvm = Objects.requireNonNull(jvm, "jvm");
    this.work = Objects.requireNonNull(work, "work").toAbsolutePath();
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  public DevicePluginReport run(Machine machine) throws InterruptedException, IOException {
    Files.createDirectories(work);
    DevicePluginSettings s = plan.settings();
    List<PluginStart> starts = new ArrayList<>();
    List<StrategyRun> runs = new ArrayList<>();
    try (UnixSocketTransport transport = new UnixSocketTransport(TRANSPORT_THREADS)) {
      for (int round = 1; round <= s.rounds(); round++) {
        starts.add(coldStart(round));
      }
      for (String strategy : s.strategies()) {
        runs.add(strategyRun(transport, strategy));
      }
    }
    step("floor: JVM start to exit of gpu-dra --version, %d runs", s.rounds());
    long jvmFloor = JvmStartFloor.median(jvm, work.resolve("version.log"), s.rounds());
    return new DevicePluginReport(
        new DevicePluginReport.RunInfo(plan.command(), s, machine, jvm.options()),
        starts,
        jvmFloor,
        runs);
  }

  /** A plugin started, timed until its first list, and stopped. */
  private PluginStart coldStart(int round) throws InterruptedException, IOException {
    String strategy = plan.settings().strategies().getFirst();
    PluginDir dir = directory("start-" + round);
    try (DeviceManagerStandIn kubelet = new DeviceManagerStandIn(dir.root()).start();
        PluginProcess plugin = spawn(dir, strategy)) {
      PluginStart start = new PluginStartWatch(kubelet, dir.log()).await(plugin, START_TIMEOUT);
      step(
          "cold start %d: Register after %.0f ms, first list (%d devices) after %.0f ms",
          round,
          start.registeredNanos() / 1e6,
          start.devices().size(),
          start.firstListNanos() / 1e6);
      return start;
    }
  }

  /** A plugin under one strategy: memory when idle, Allocate beside its floor, memory again. */
  private StrategyRun strategyRun(UnixSocketTransport transport, String strategy)
      throws InterruptedException, IOException {
    DevicePluginSettings s = plan.settings();
    PluginDir dir = directory(strategy);
    try (DeviceManagerStandIn kubelet = new DeviceManagerStandIn(dir.root()).start();
        TransportFloor floor = new TransportFloor(transport, dir.floorSocket());
        PluginProcess plugin = spawn(dir, strategy)) {
      PluginStart start = new PluginStartWatch(kubelet, dir.log()).await(plugin, START_TIMEOUT);
      MemoryStatus idle = settled(plugin);
      step("%s: plugin pid %d, RSS %.1f MiB when idle", strategy, plugin.pid(), idle.rssMib());
      AllocateLoop loop =
          new AllocateLoop(
              kubelet.registered(start.resource())::allocate, floor::allocate, start.devices());
      floor.answerWith(loop.first());
      step(
          "%s: %d warm-up Allocate calls, %d timed, each followed by the floor's",
          strategy, s.warmup(), s.allocations());
      AllocateLatencies latencies = loop.run(s.warmup(), s.allocations());
      MemoryStatus after = settled(plugin);
      return new StrategyRun(strategy, start, idle, latencies, after);
    }
  }

  private PluginProcess spawn(PluginDir dir, String strategy) {
    return PluginProcess.spawn(jvm, dir.pluginArgs(plan.settings().profile(), strategy), dir.log());
  }

  private MemoryStatus settled(PluginProcess plugin) throws InterruptedException {
    Thread.sleep(plan.settings().settle().toMillis());
    return plugin.memory();
  }

  private PluginDir directory(String name) throws IOException {
    PluginDir dir = new PluginDir(work.resolve(name));
    Files.createDirectories(dir.root());
    return dir;
  }

  private void step(String format, Object... args) {
    progress.printf("[%5.1fs] %s%n", (System.nanoTime() - started) / 1e9, format.formatted(args));
    progress.flush();
  }
}
