package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An event set of the simulated NVML: what a test injects is queued here for the waiting thread. A
 * wait also reads the NVML's {@link XidInbox} every {@link #POLL}, so that XIDs injected by another
 * process arrive while the plugin waits.
 */
final class SimulatedXidWatch implements XidWatch {
  /** Queued when a watched GPU is lost. */
  private record Lost(String uuid) {}

  private static final Duration POLL = Duration.ofMillis(100);

  private final Set<String> watched;
  private final List<GpuInfo> unwatched;
  private final Runnable onClose;
  private final Runnable readInbox;
  private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();

  /**
   * @param readInbox delivers what the inbox holds to every watch
   */
  SimulatedXidWatch(
      Set<String> watched, List<GpuInfo> unwatched, Runnable onClose, Runnable readInbox) {
    this.watched = Set.copyOf(watched);
    this.unwatched = List.copyOf(unwatched);
    this.onClose = onClose;
    this.readInbox = readInbox;
  }

  void deliver(XidEvent event) {
    if (watched.contains(event.gpuUuid())) {
      queue.add(event);
    }
  }

  void lose(String uuid) {
    if (watched.contains(uuid)) {
      queue.add(new Lost(uuid));
    }
  }

  @Override
  public List<GpuInfo> unwatched() {
    return unwatched;
  }

  @Override
  public Optional<XidEvent> next(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Object next;
    long left;
    do {
      readInbox.run();
      left = deadline - System.nanoTime();
      next = queue.poll(Math.min(left, POLL.toNanos()), TimeUnit.NANOSECONDS);
    } while (next == null && left > POLL.toNanos());
    if (next instanceof Lost lost) {
      throw new NvmlGpuLostException("simulated NVML: GPU " + lost.uuid() + " is lost");
    }
    return Optional.ofNullable((XidEvent) next);
  }

  @Override
  public void close() {
    onClose.run();
  }
}
