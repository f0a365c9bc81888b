package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.localcluster.kubelet.DraCallException;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin killed with SIGKILL at random moments of random bursts of prepares and unprepares,
 * then started again, {@value #DEFAULT_KILLS} times (system property {@code gpu-dra.kills} for
 * longer runs). After every kill the node's files must hold: the checkpoint reads; no device is in
 * two prepared claims; every prepare the kubelet was told succeeded (and not unprepared since) has
 * its completed entry and its CDI spec naming the returned devices; every acknowledged unprepare
 * left neither. At the end, unpreparing everything leaves no spec and no temp file.
 */
class RandomKillIT {
  static final int DEFAULT_KILLS = 50;
  private static final String NODE = "node-a";
  private static final String DRIVER = GpuPluginConfig.DRIVER_NAME;
  private static final int CLAIMS = 12; // on 8 GPUs: claims i and i+8 want the same GPU
  private static final int CALLERS = 3;

  /** How long a burst waits for the new plugin's first answer before its kill timer starts. */
  private static final long FIRST_ANSWER_SECONDS = 20;

  private final AtomicInteger prepared = new AtomicInteger();
  private final AtomicInteger unprepared = new AtomicInteger();
  private final AtomicInteger interrupted = new AtomicInteger();
  private volatile CountDownLatch answered = new CountDownLatch(1);

  @TempDir Path root;
  private StandInNode node;
  private KubeletStandIn kubelet;
  private ChildPlugin plugin;

  /** What the kubelet was last told about a claim; absent while a call's outcome is unknown. */
  private sealed interface Known permits Prepared, Unprepared {}

  private record Prepared(List<PreparedDevice> devices) implements Known {}

  private record Unprepared() implements Known {}

  @AfterEach
  void stop() {
    if (plugin != null) {
      plugin.close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName(
      "SIGKILL at random moments of random bursts: the checkpoint reads, no device is in two"
          + " claims, acknowledged prepares and unprepares hold, and nothing leaks")
  void randomKills() throws Exception {
    int kills = Integer.getInteger("gpu-dra.kills", DEFAULT_KILLS);
    long seed = Long.getLong("gpu-dra.kills.seed", System.nanoTime());
    Random random = new Random(seed);
    node = new StandInNode(root, NODE);
    NodeDirs dirs = node.dirs;
    Path kubeconfig = node.kubeconfig;
    kubelet = node.kubelet;
    ApiClaims claims = node.claims;
    List<ClaimRef> refs = new ArrayList<>();
    for (int i = 0; i < CLAIMS; i++) {
      refs.add(claims.named("claim-" + i).device("gpu", "gpu-" + (i % 8)).create());
    }
    Map<String, Known> known = new ConcurrentHashMap<>();
    ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
    try {
      for (int kill = 0; kill < kills; kill++) {
        plugin = start(kubeconfig, dirs, kill);
        burst(random, refs, known, callers, 20 + random.nextInt(400));
        plugin.close(); // SIGKILL, wherever it was
        String context = "seed " + seed + ", kill " + kill;
        checkNode(dirs, refs, known, context);
      }
      plugin = start(kubeconfig, dirs, kills);
      for (ClaimRef ref : refs) {
        assertThat(kubelet.unprepare(DRIVER, List.of(ref)).get(ref.uid()).error()).isEmpty();
      }
    } finally {
      callers.shutdownNow();
    }
    System.out.printf(
        "%d kills (seed %d): %d prepares and %d unprepares answered, %d calls cut off%n",
        kills, seed, prepared.get(), unprepared.get(), interrupted.get());
    // every burst did work before its kill: each waited for an answer
    assertThat(prepared.get() + unprepared.get())
        .as("answered calls")
        .isGreaterThanOrEqualTo(kills);
    assertThat(prepared.get()).as("answered prepares").isPositive();
    assertThat(interrupted.get()).as("calls cut off by a kill").isPositive();
    assertThat(dirs.cdiFiles()).as("seed %d", seed).isEmpty();
    assertThat(dirs.foreignCheckpoint().read().claims()).isEmpty();
    assertThat(hiddenFiles(dirs.dataDir())).isEmpty();
  }

  private ChildPlugin start(Path kubeconfig, NodeDirs dirs, int round) {
    return ChildPlugin.on(kubeconfig, NODE, dirs)
        .start("dgx-h100", Optional.empty(), root.resolve("plugin-" + (round % 2) + ".log"));
  }

  /**
   * Callers prepare and unprepare random claims (each caller its own claims, as the kubelet never
   * calls twice at once for one claim) until the plugin is killed after {@code millis}.
   */
  private void burst(
      Random random,
      List<ClaimRef> refs,
      Map<String, Known> known,
      ExecutorService callers,
      int millis)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    answered = new CountDownLatch(1);
    List<Future<?>> running = new ArrayList<>();
    for (int c = 0; c < CALLERS; c++) {
      List<ClaimRef> mine = new ArrayList<>();
      for (int i = c; i < refs.size(); i += CALLERS) {
        mine.add(refs.get(i));
      }
      Random own = new Random(random.nextLong());
      running.add(callers.submit(() -> call(own, mine, known, stop)));
    }
    // the kill moment counts from the first answer: a loaded machine's fresh JVM may take seconds
    // to answer at all, and a burst killed before that would test nothing
    boolean working = answered.await(FIRST_ANSWER_SECONDS, TimeUnit.SECONDS);
    Thread.sleep(millis);
    plugin.close();
    stop.set(true);
    for (Future<?> f : running) {
      f.get(30, TimeUnit.SECONDS);
    }
    assertThat(working)
        .as("the plugin answered within %d s of its start", FIRST_ANSWER_SECONDS)
        .isTrue();
  }

  private void call(
      Random random, List<ClaimRef> mine, Map<String, Known> known, AtomicBoolean stop) {
    while (!stop.get()) {
      ClaimRef ref = mine.get(random.nextInt(mine.size()));
      boolean prepare = random.nextBoolean();
      known.remove(ref.uid()); // unknown until the plugin answers
      try {
        if (prepare) {
          PrepareResult r = kubelet.prepare(DRIVER, List.of(ref)).get(ref.uid());
          known.put(ref.uid(), r.error().isEmpty() ? new Prepared(r.devices()) : stateBefore(r));
          prepared.incrementAndGet();
          answered.countDown();
        } else {
          UnprepareResult r = kubelet.unprepare(DRIVER, List.of(ref)).get(ref.uid());
          assertThat(r.error()).isEmpty();
          known.put(ref.uid(), new Unprepared());
          unprepared.incrementAndGet();
          answered.countDown();
        }
      } catch (DraCallException e) {
        interrupted.incrementAndGet();
        return; // the plugin is gone: this claim's outcome stays unknown
      }
    }
  }

  /** A refused prepare (the GPU is another claim's) leaves the claim as it was: not prepared. */
  private static Known stateBefore(PrepareResult refused) {
    assertThat(refused.error()).contains("already allocated to different claim");
    return new Unprepared();
  }

  private static void checkNode(
      NodeDirs dirs, List<ClaimRef> refs, Map<String, Known> known, String context) {
    CheckpointV1 checkpoint = dirs.foreignCheckpoint().read(); // readable, or this throws
    Map<String, String> owner = new HashMap<>();
    checkpoint
        .claims()
        .forEach((uid, entry) -> {
          if (entry.isCompleted()) {
            for (CheckpointDevice d : entry.devices()) {
              String before = owner.put(d.device(), uid);
              assertThat(before).as("%s: %s in two claims", context, d.device()).isNull();
            }
          }
        });
    for (ClaimRef ref : refs) {
      Known k = known.get(ref.uid());
      PreparedClaim entry = checkpoint.claims().get(ref.uid());
      if (k instanceof Prepared p) {
        assertThat(entry).as("%s: acknowledged prepare of %s", context, ref).isNotNull();
        assertThat(entry.isCompleted()).as(context).isTrue();
        String spec = dirs.specText(ref.uid());
        p.devices().stream()
            .flatMap(d -> d.cdiDeviceIds().stream())
            .forEach(
                id -> assertThat(spec).as(context).contains(id.substring(id.indexOf('=') + 1)));
      } else if (k instanceof Unprepared && entry == null) {
        assertThat(dirs.specFile(ref.uid())).as(context).doesNotExist();
      }
    }
  }

  private static List<Path> hiddenFiles(Path dir) throws Exception {
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
    }
  }
}
