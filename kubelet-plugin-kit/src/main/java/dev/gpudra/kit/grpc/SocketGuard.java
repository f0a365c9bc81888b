package dev.gpudra.kit.grpc;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps socket servers reachable at their paths: every {@code period} it checks each server, in
 * order, and binds again the ones whose file was removed or replaced (a kubelet that cleared its
 * plugin directories, an admin's {@code rm}). The kubelet's plugin watcher sees the new
 * registration socket and registers the plugin again. Servers are given DRA socket first, so the
 * kubelet never sees a registration whose endpoint is not listening.
 */
public final class SocketGuard implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SocketGuard.class);

  private final List<UnixSocketServer> servers;
  private final ScheduledExecutorService executor;
  private final AtomicLong rebinds = new AtomicLong();

  public SocketGuard(List<UnixSocketServer> servers, Duration period) {
    this.servers = List.copyOf(servers);
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("socket-guard").unstarted(r));
    executor.scheduleWithFixedDelay(
        this::check, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Checks every server once and rebinds the broken ones; also called by the timer. */
  public void check() {
    for (UnixSocketServer server : servers) {
      if (server.intact()) {
        continue;
      }
      log.warn("{} was removed or replaced: binding it again", server.socket());
      try {
        server.restart();
        rebinds.incrementAndGet();
        log.info("{} is served again", server.socket());
      } catch (RuntimeException e) {
        log.error("cannot bind {} again; retrying", server.socket(), e);
      }
    }
  }

  /** How many times a socket was bound again. */
  public long rebinds() {
    return rebinds.get();
  }

  @Override
  public void close() {
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
