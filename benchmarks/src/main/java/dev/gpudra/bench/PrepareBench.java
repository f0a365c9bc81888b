package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs {@code bench prepare}: the embedded API server here, our plugin (and a peer binary, when
 * given) as child processes, each with its own node, directories, claims and kubelet stand-in
 * calling it over its socket, the file-write floor interleaved with the timed cycles; the floor of
 * cold start before them, and slice publishing after the children have stopped.
 */
public final class PrepareBench {
  /**
   * What to measure, on which profiles.
   *
   * @param ours our plugin's binary
   * @param peer a second binary measured beside ours, through the same harness
   */
  public record Plan(
      String command,
      BenchSettings settings,
      BenchProfile profile,
      BenchProfile largest,
      PluginBinary.Ours ours,
      Optional<PluginBinary.Peer> peer) {
    public Plan {
      Objects.requireNonNull(ours, "ours");
      Objects.requireNonNull(peer, "peer");
    }
  }

  private final Plan plan;
  private final ChildJvm jvm;
  private final PluginLayout layout;
  private final Progress progress;

  /**
   * @param jvm the JVM of the cold start's floor ({@code gpu-dra --version})
   * @param layout ours' directories; a peer's are under its {@code peer} directory
   */
  public PrepareBench(Plan plan, ChildJvm jvm, PluginLayout layout, PrintWriter progress) {
    this.plan = Objects.requireNonNull(plan, "plan");
    this.jvm = Objects.requireNonNull(jvm, "jvm");
    this.layout = Objects.requireNonNull(layout, "layout");
    this.progress = new Progress(progress);
  }

  /** Where a peer binary keeps its files: its own node and directories. */
  public PluginLayout peerLayout() {
    return new PluginLayout(layout.root().resolve("peer"), layout.nodeName() + "-peer");
  }

  public BenchReport run(Machine machine) throws InterruptedException, IOException {
    Files.createDirectories(layout.root());
    BenchSettings s = plan.settings();
    try (LocalApiServer api = new LocalApiServer().start()) {
      KubernetesClient client = api.client();
      List<Subject.Setup> setups = new ArrayList<>();
      setups.add(setup(api, "ours", plan.ours(), layout, ""));
      plan.peer().ifPresent(p -> setups.add(setup(api, "peer", p, peerLayout(), "peer-")));
      long jvmFloor = jvmFloor();
      SideBySide.Result plugins = runPlugins(client, setups);
      progress.step("slice publisher: %s, %d rounds", plan.largest().name(), s.publishRounds());
      SlicePublishBench.Result slices =
          new SlicePublishBench(client).measure(plan.largest(), s.publishRounds());
      return new BenchReport(
          runInfo(machine),
          plugins.figures().getFirst(),
          plugins.figures().stream().skip(1).findFirst(),
          jvmFloor,
          plugins.floor(),
          plugins.heldFloors(),
          slices);
    }
  }

  /** The node, kubeconfig and claims of one binary. */
  private Subject.Setup setup(
      LocalApiServer api, String name, PluginBinary binary, PluginLayout at, String prefix) {
    KubernetesClient client = api.client();
    try {
      Files.createDirectories(at.root());
      api.writeKubeconfig(at.kubeconfig());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + at.kubeconfig(), e);
    }
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(at.nodeName()).endMetadata().build())
        .create();
    BenchClaims claims = new BenchClaims(client, at.nodeName());
    List<String> devices = plan.profile().deviceNames();
    BenchSettings s = plan.settings();
    List<ClaimRef> timed =
        claims.create(prefix + "claim", s.claims(), devices, BenchClaims.Access.EXCLUSIVE);
    List<ClaimRef> admin =
        claims.create(prefix + "held", s.adminClaims(), devices, BenchClaims.Access.ADMIN);
    progress.step("%s: created %d claims in the API", name, timed.size() + admin.size());
    return new Subject.Setup(name, binary, at, timed, admin);
  }

  /**
   * Starts and stops the binaries for the earlier start rounds, alternating which goes first
   * (whichever starts second finds the jars and the JDK warm in the page cache), starts them for
   * the last time, then runs the timed phases over all of them.
   */
  private SideBySide.Result runPlugins(KubernetesClient client, List<Subject.Setup> setups)
      throws InterruptedException, IOException {
    int deviceCount = plan.profile().devices().size();
    Map<String, List<ColdStart>> earlier = new HashMap<>();
    int rounds = plan.settings().startRounds();
    for (int round = 1; round < rounds; round++) {
      List<Subject.Setup> order = (rounds - round) % 2 == 0 ? setups : setups.reversed();
      for (Subject.Setup setup : order) {
        try (Subject subject = start(client, setup, deviceCount)) {
          earlier.computeIfAbsent(setup.name(), n -> new ArrayList<>()).add(subject.ownStart());
        }
      }
    }
    List<Subject> started = new ArrayList<>();
    try {
      for (Subject.Setup setup : setups) {
        Subject subject = start(client, setup, deviceCount);
        started.add(subject.withEarlierStarts(earlier.getOrDefault(setup.name(), List.of())));
      }
      return new SideBySide(started, plan.settings(), deviceCount, progress).run(layout.floorDir());
    } finally {
      started.reversed().forEach(Subject::close);
    }
  }

  private Subject start(KubernetesClient client, Subject.Setup setup, int deviceCount)
      throws InterruptedException, IOException {
    progress.step(
        "starting %s (%s, %d devices): %s",
        setup.name(), plan.profile().name(), deviceCount, setup.layout().pluginLog());
    Subject subject = Subject.start(setup, client, deviceCount);
    progress.step(
        "%s: pid %d ready in %.0f ms",
        subject.name(), subject.pid(), subject.ownStart().readyNanos() / 1e6);
    return subject;
  }

  /**
   * Median of three {@code gpu-dra --version} runs, spawn to exit; run before the plugins start, so
   * that ours does not pay alone for reading the image's jars into the page cache.
   */
  private long jvmFloor() throws InterruptedException {
    progress.step("floor: JVM start to exit of gpu-dra --version, 3 runs");
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
        jvm.options(),
        plan.peer().map(p -> p.command(peerLayout())));
  }
}
