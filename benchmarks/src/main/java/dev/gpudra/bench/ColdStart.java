package dev.gpudra.bench;

import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Milestones of a plugin start, in nanoseconds from the spawn of its process.
 *
 * @param socketNanos the registration socket exists (the plugin is listening)
 * @param slicesNanos every device is in the API in the node's ResourceSlices
 * @param registeredNanos the kubelet stand-in has registered the plugin; the stand-in scans the
 *     registrar directory every 100 ms, so this lags the socket by up to that
 */
record ColdStart(long socketNanos, long slicesNanos, long registeredNanos) {
  private static final long POLL_MILLIS = 2;
  private static final int SLICE_POLL_EVERY = 5;

  /** Registered and published: what a pod needs before it can be scheduled onto the node. */
  long readyNanos() {
    return Math.max(slicesNanos, registeredNanos);
  }

  /**
   * Polls every 2 ms (the API every 10 ms) until the plugin is registered and its slices hold
   * {@code devices} devices.
   */
  static ColdStart await(
      PluginProcess plugin, PluginLayout layout, KubeletStandIn kubelet, Expected expected)
      throws InterruptedException {
    long socket = -1;
    long slices = -1;
    long registered = -1;
    long deadline = System.nanoTime() + expected.timeout().toNanos();
    for (int poll = 0; registered < 0 || slices < 0 || socket < 0; poll++) {
      long now = System.nanoTime() - plugin.spawnedNanos();
      if (socket < 0 && Files.exists(layout.registrationSocket())) {
        socket = now;
      }
      if (registered < 0 && kubelet.isRegistered(PluginLayout.DRIVER)) {
        registered = now;
      }
      if (slices < 0
          && poll % SLICE_POLL_EVERY == 0
          && expected.slices().deviceCount(layout.nodeName()) >= expected.devices()) {
        slices = now;
      }
      if (!plugin.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the plugin did not come up (alive: "
                + plugin.isAlive()
                + "); see "
                + layout.pluginLog());
      }
      Thread.sleep(POLL_MILLIS);
    }
    return new ColdStart(socket, slices, registered);
  }

  /** Each milestone's median over {@code starts} (the upper one of an even count). */
  static ColdStart median(List<ColdStart> starts) {
    if (starts.isEmpty()) {
      throw new IllegalArgumentException("no start to take the median of");
    }
    return new ColdStart(
        median(starts, ColdStart::socketNanos),
        median(starts, ColdStart::slicesNanos),
        median(starts, ColdStart::registeredNanos));
  }

  private static long median(List<ColdStart> starts, ToLongFunction<ColdStart> milestone) {
    long[] values = starts.stream().mapToLong(milestone).sorted().toArray();
    return values[values.length / 2];
  }

  /** What a started plugin publishes, and how long to wait for it. */
  record Expected(PublishedSlices slices, int devices, Duration timeout) {}
}
