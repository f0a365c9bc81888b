package dev.gpudra.nvml;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One NVML event set watching the XID errors of some GPUs. Not thread-safe: NVML must not free an
 * event set while a thread waits on it, so the thread that waits is the one that closes it.
 */
public interface XidWatch extends AutoCloseable {

  /** The GPUs whose XID events NVML would not register: they are not watched. */
  List<GpuInfo> unwatched();

  /**
   * The next XID event, waiting at most {@code timeout}.
   *
   * @return empty when none came in time
   * @throws NvmlGpuLostException a watched GPU is lost (which one, the event set does not say)
   * @throws InterruptedException the waiting thread was interrupted
   */
  Optional<XidEvent> next(Duration timeout) throws InterruptedException;

  @Override
  void close();
}
