package dev.gpudra.demo;

import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.RunningPod;
import dev.gpudra.node.mps.ControlDaemon;
import dev.gpudra.node.mps.ControlDaemonSettings;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo node's container runtime: the GPU plugin's MPS control daemon pods run for real ({@code
 * gpu-dra mps-control-daemon}'s {@link ControlDaemon}, in this process, driving the node's {@code
 * nvidia-cuda-mps-control} stand-in as a child process), ready once their startup probe's file is
 * there; every other pod's containers are its CDI devices only, ready at once.
 */
final class MpsDaemonRuntime implements PodRuntime, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(MpsDaemonRuntime.class);
  private static final long STOP_MILLIS = 10_000;

  private final Map<String, Running> daemons = new ConcurrentHashMap<>();

  private record Running(
      String name, ControlDaemonSettings settings, ControlDaemon daemon, Thread thread) {}

  @Override
  public void start(Pod pod, RunningPod started) {
    if (!MpsDaemonContainer.isDaemon(pod)) {
      return;
    }
    ControlDaemonSettings settings = MpsDaemonContainer.settings(pod);
    ControlDaemon daemon = new ControlDaemon(settings);
    Thread thread =
        Thread.ofPlatform()
            .daemon()
            .name("mps-daemon-" + started.name())
            .start(() -> run(started.name(), daemon));
    daemons.put(started.uid(), new Running(started.name(), settings, daemon, thread));
  }

  private static void run(String name, ControlDaemon daemon) {
    try {
      daemon.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      log.warn("MPS control daemon of pod {} stopped: {}", name, e.getMessage());
    }
  }

  @Override
  public boolean ready(RunningPod pod, String container) {
    Running running = daemons.get(pod.uid());
    return running == null
        || (running.thread().isAlive() && Files.exists(running.settings().startupLog()));
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
    running.daemon().stop();
    try {
      running.thread().join(STOP_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * What the daemons whose pod name starts with {@code prefix} were told, one line each: the pod,
   * whether it is ready, and the commands its {@code nvidia-cuda-mps-control} logged (the periodic
   * {@code get_server_list} left out).
   */
  List<String> describe(String prefix) {
    return daemons.values().stream()
        .filter(r -> r.name().startsWith(prefix))
        .map(r ->
            r.name() + (Files.exists(r.settings().startupLog()) ? " ready" : " starting") + sent(r))
        .sorted()
        .toList();
  }

  private static String sent(Running running) {
    var controlLog = running.settings().logDir().resolve("control.log");
    if (!Files.exists(controlLog)) {
      return "";
    }
    try {
      List<String> commands =
          Files.readAllLines(controlLog).stream()
              .filter(l -> !l.equals("get_server_list") && !l.startsWith("daemon started"))
              .toList();
      return commands.isEmpty() ? "" : "; told: " + String.join(", ", commands);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + controlLog, e);
    }
  }

  /** Stops every daemon still running (the node goes away): no child process outlives the node. */
  @Override
  public void close() {
    List.copyOf(daemons.keySet()).forEach(uid -> stopDaemon(uid));
  }
}
