package dev.gpudra.bench;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One plugin binary under test in a run, ours or the peer: its own node, directories and kubelet
 * stand-in, its claims in the API, its process, started and ready.
 */
final class Subject implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /**
   * What a subject runs on.
   *
   * @param name how the report names it ({@code ours}, {@code peer})
   * @param timed exclusive one-device claims, timed
   * @param admin admin-access claims, held
   */
  record Setup(
      String name,
      PluginBinary binary,
      PluginLayout layout,
      List<ClaimRef> timed,
      List<ClaimRef> admin) {
    Setup {
      timed = List.copyOf(timed);
      admin = List.copyOf(admin);
    }
  }

  private final Setup setup;
  private final KubeletStandIn kubelet;
  private final PluginProcess process;
  private final ColdStart coldStart;
  private final MemoryStatus idle;
  private final ColdStart reportedStart;

  /**
   * What one start left running, and what it measured.
   *
   * @param kubelet the kubelet stand-in the plugin registered with
   * @param process the plugin
   * @param coldStart its start milestones
   * @param idle its memory once ready, no claim prepared
   */
  private record Started(
      KubeletStandIn kubelet, PluginProcess process, ColdStart coldStart, MemoryStatus idle) {}

  private Subject(Setup setup, Started started, List<ColdStart> earlierStarts) {
    this.setup = setup;
    this.kubelet = started.kubelet();
    this.process = started.process();
    this.coldStart = started.coldStart();
    this.idle = started.idle();
    List<ColdStart> all = new ArrayList<>(earlierStarts);
    all.add(coldStart);
    this.reportedStart = ColdStart.median(all);
  }

  /**
   * The same running plugin, its start figures the median over these earlier starts and its own.
   */
  Subject withEarlierStarts(List<ColdStart> starts) {
    return new Subject(setup, new Started(kubelet, process, coldStart, idle), starts);
  }

  /** Starts the stand-in and the plugin, and waits until it is registered and published. */
  static Subject start(Setup setup, KubernetesClient client, int deviceCount)
      throws InterruptedException, IOException {
    PluginLayout layout = setup.layout();
    // the kubelet's plugins directory exists before any plugin starts; its stand-in makes the
    // registrar directory
    Files.createDirectories(layout.pluginsDir());
    KubeletStandIn kubelet =
        new KubeletStandIn(StandInConfig.of(layout.registrarDir(), layout.nodeName()), client);
    PluginProcess process = null;
    try {
      kubelet.start();
      process =
          PluginProcess.spawn(
              setup.binary().command(layout),
              setup.binary().environment(layout),
              layout.pluginLog());
      ColdStart cold =
          ColdStart.await(
              process,
              layout,
              kubelet,
              new ColdStart.Expected(new PublishedSlices(client), deviceCount, START_TIMEOUT));
      return new Subject(setup, new Started(kubelet, process, cold, process.memory()), List.of());
    } catch (RuntimeException | InterruptedException e) {
      if (process != null) {
        process.close();
      }
      kubelet.close();
      throw e;
    }
  }

  String name() {
    return setup.name();
  }

  PluginLayout layout() {
    return setup.layout();
  }

  List<ClaimRef> timed() {
    return setup.timed();
  }

  List<ClaimRef> admin() {
    return setup.admin();
  }

  long pid() {
    return process.pid();
  }

  /** This process's start milestones. */
  ColdStart ownStart() {
    return coldStart;
  }

  /** The start milestones reported: the median over the earlier starts and this one. */
  ColdStart coldStart() {
    return reportedStart;
  }

  /** Memory when it became ready, no claim prepared. */
  MemoryStatus idle() {
    return idle;
  }

  MemoryStatus memory() {
    return process.memory();
  }

  CpuTime cpu() {
    return process.cpu();
  }

  PrepareLoop loop() {
    return new PrepareLoop(kubelet);
  }

  @Override
  public void close() {
    try {
      process.close();
    } finally {
      kubelet.close();
    }
  }
}
