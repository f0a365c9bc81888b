package dev.gpudra.demo;

import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.computedomain.clique.DaemonIdentity;
import dev.gpudra.computedomain.daemon.DaemonFiles;
import dev.gpudra.computedomain.daemon.DaemonRun;
import dev.gpudra.computedomain.imex.ImexConfigFile;
import dev.gpudra.computedomain.imex.ImexReadiness;
import dev.gpudra.kit.process.Signals;
import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.RunningPod;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo node runs a ComputeDomain's daemon pods for real: {@code gpu-dra compute-domain-daemon
 * run}'s {@link DaemonRun} in this process, with what the container would get: the environment and
 * {@code /imexd} from its claim's CDI spec, its pod's identity, its own {@code /etc/hosts}, and the
 * node driver root's {@code nvidia-imex} stand-in as a child process (quiet unless the demo logs at
 * INFO, see {@link #imexProgram(Path, Path)}). Ready as its probe decides: off the fabric at once,
 * else when {@code nvidia-imex-ctl -q} prints READY.
 */
final class ImexDaemonRuntime implements PodRuntime, AutoCloseable {
  static final String CONTAINER = "compute-domain-daemon";
  private static final Logger log = LoggerFactory.getLogger(ImexDaemonRuntime.class);
  private static final long STOP_MILLIS = 10_000;

  private final KubernetesClient client;
  private final Path cdiRoot;
  private final Path driverRoot;
  private final Path workDir;
  private final String podIp;
  private final Path imexProgram;
  private final Map<String, Running> daemons = new ConcurrentHashMap<>();

  private record Running(
      String name, DaemonRun run, DaemonFiles files, String cliqueId, Thread thread) {}

  /**
   * @param podIp the address its daemons report (one per node here)
   */
  ImexDaemonRuntime(
      KubernetesClient client, Path cdiRoot, Path driverRoot, Path workDir, String podIp) {
    this.client = client;
    this.cdiRoot = cdiRoot;
    this.driverRoot = driverRoot;
    this.workDir = workDir;
    this.podIp = podIp;
    this.imexProgram = imexProgram(driverRoot, workDir);
  }

  static boolean isDaemon(Pod pod) {
    return pod.getMetadata().getLabels() != null
        && pod.getMetadata().getLabels().containsKey(ComputeDomainLabels.DOMAIN)
        && pod.getSpec().getContainers().stream().anyMatch(c -> CONTAINER.equals(c.getName()));
  }

  @Override
  public void start(Pod pod, RunningPod started) {
    if (!isDaemon(pod)) {
      return;
    }
    ContainerView view =
        ContainerView.resolve(cdiRoot, started.cdiDevices().getOrDefault(CONTAINER, List.of()));
    Map<String, String> env = env(view);
    String imexd =
        view.deviceMounts().stream()
            .filter(m -> m.startsWith(ImexConfigFile.DIR + " <- "))
            .map(m -> m.substring((ImexConfigFile.DIR + " <- ").length()))
            .findFirst()
            .orElseThrow(() ->
                new IllegalStateException(
                    "pod " + started.name() + ": its claim's CDI edits mount no /imexd"));
    DaemonFiles files = new DaemonFiles(Path.of(imexd), hosts(started), true, 18);
    DaemonIdentity identity =
        new DaemonIdentity(
            started.namespace(),
            env.getOrDefault("COMPUTE_DOMAIN_UUID", ""),
            env.getOrDefault("CLIQUE_ID", ""),
            pod.getSpec().getNodeName(),
            podIp,
            started.name(),
            started.uid());
    DaemonRun run =
        new DaemonRun(
            client,
            new DaemonRun.Settings(identity, files, imexProgram, Duration.ofSeconds(1)),
            new Signals());
    Thread thread =
        Thread.ofPlatform().daemon().name("imex-daemon-" + started.name()).start(() -> run(run));
    daemons.put(
        started.uid(), new Running(started.name(), run, files, identity.cliqueId(), thread));
  }

  private static Map<String, String> env(ContainerView view) {
    Map<String, String> env = new HashMap<>();
    for (String entry : view.env()) {
      int eq = entry.indexOf('=');
      env.put(entry.substring(0, eq), entry.substring(eq + 1));
    }
    return env;
  }

  /**
   * The driver root's {@code nvidia-imex} stand-in, which the daemon runs with its output on the
   * demo's standard output: there only while the demo logs at INFO ({@code gpu-dra demo -v}, and
   * the tests); otherwise through a wrapper that {@code exec}s it (same PID, same signals) with its
   * output appended to {@code nvidia-imex.log} in {@code workDir}. Written once, as the node
   * starts.
   */
  private static Path imexProgram(Path driverRoot, Path workDir) {
    Path program = driverRoot.resolve("usr/bin/nvidia-imex");
    if (log.isInfoEnabled()) {
      return program;
    }
    Path wrapper = workDir.resolve("nvidia-imex");
    try {
      Files.createDirectories(workDir);
      Files.writeString(
          wrapper,
          "#!/bin/sh\n"
              + "exec "
              + quoted(program)
              + " \"$@\" >>"
              + quoted(workDir.resolve("nvidia-imex.log"))
              + " 2>&1\n");
      if (!wrapper.toFile().setExecutable(true)) {
        throw new IOException("cannot make it executable");
      }
      return wrapper;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + wrapper, e);
    }
  }

  /** A path as one word of {@code sh}. */
  private static String quoted(Path path) {
    return "'" + path.toString().replace("'", "'\\''") + "'";
  }

  /** The pod's own {@code /etc/hosts}, as the kubelet writes one per pod. */
  private Path hosts(RunningPod pod) {
    Path file = workDir.resolve(pod.uid()).resolve("hosts");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, "127.0.0.1\tlocalhost\n" + podIp + "\t" + pod.name() + "\n");
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private static void run(DaemonRun run) {
    try {
      run.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      log.warn("compute-domain daemon stopped: {}", e.getMessage());
    }
  }

  @Override
  public boolean ready(RunningPod pod, String container) {
    Running running = daemons.get(pod.uid());
    if (running == null) {
      return true;
    }
    if (!running.thread().isAlive()) {
      return false;
    }
    return running.cliqueId().isEmpty()
        || new ImexReadiness(
                driverRoot.resolve("usr/bin/nvidia-imex-ctl"),
                running.files().imexd().resolve(ImexConfigFile.CONFIG))
            .ready();
  }

  @Override
  public void stop(RunningPod pod) {
    stopDaemon(pod.uid());
  }

  private void stopDaemon(String uid) {
    Running running = daemons.remove(uid);
    if (running == null) {
      return;
    }
    running.run().stop();
    try {
      running.thread().join(STOP_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops every daemon still running (the node goes away): no child process outlives the node. */
  @Override
  public void close() {
    List.copyOf(daemons.keySet()).forEach(uid -> stopDaemon(uid));
  }
}
