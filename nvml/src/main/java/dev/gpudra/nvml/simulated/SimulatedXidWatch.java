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
 * An event set of the simulated NVML: what a test injects is queued here for the waiting thread.
 */
final class SimulatedXidWatch implements XidWatch {
  /** Queued when a watched GPU is lost. */
  private record Lost(String uuid) {}

  private final Set<String> watched;
  private final List<GpuInfo> unwatched;
  private final Runnable onClose;
  private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();

  SimulatedXidWatch(Set<String> watched, List<GpuInfo> unwatched, Runnable onClose) {
    this.watched = Set.copyOf(watched);
    this.unwatched = List.copyOf(unwatched);
    this.onClose = onClose;
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
    Object next = queue.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
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
