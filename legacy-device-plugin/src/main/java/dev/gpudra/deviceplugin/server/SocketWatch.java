package dev.gpudra.deviceplugin.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the plugin's sockets in place and the plugin registered, looking every {@code period}:
 *
 * <ul>
 *   <li>a socket of the plugin's removed or replaced (an admin's {@code rm}, a kubelet clearing its
 *       directory) is bound again, and every resource registers again;
 *   <li>a new {@code kubelet.sock} is a restarted kubelet, which forgot every plugin: every
 *       resource registers again;
 *   <li>a kubelet not up yet (no socket) is waited for.
 * </ul>
 *
 * A try that fails (a socket that cannot be bound, a kubelet not answering) is tried again after a
 * backoff of 1, 2, 4... periods, at most {@link #MAX_BACKOFF}; a new {@code kubelet.sock} is tried
 * at once. One log line per event.
 */
final class SocketWatch implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(SocketWatch.class);

  /** The longest wait between two tries. */
  static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

  private final Path kubeletSocket;
  private final List<ServedResource> served;
  private final Runnable register;
  private final RetryBackoff backoff;
  private final ScheduledExecutorService executor;
  private Optional<Object> kubeletSeen = Optional.empty();
  private Object registeredWith;
  private boolean rebound;
  private boolean waiting;

  /**
   * @param served the resources whose sockets are kept in place
   * @param register registers every resource with the kubelet
   */
  SocketWatch(Path kubeletSocket, List<ServedResource> served, Duration period, Runnable register) {
    this.kubeletSocket = kubeletSocket;
    this.served = List.copyOf(served);
    this.register = register;
    this.backoff = new RetryBackoff(period, MAX_BACKOFF);
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("device-plugin-sockets").unstarted(r));
    executor.scheduleWithFixedDelay(
        this::look, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** One look: tries unless backing off (a new kubelet.sock ends the backoff). */
  synchronized void look() {
    Optional<Object> kubelet = fileKey(kubeletSocket);
    if (kubelet.isPresent() && !kubelet.equals(kubeletSeen)) {
      backoff.reset();
    }
    kubeletSeen = kubelet;
    if (!backoff.due()) {
      return;
    }
    Optional<String> problem = attempt(kubelet);
    if (problem.isEmpty()) {
      backoff.reset();
      return;
    }
    log.warn("{}; trying again in {}s", problem.get(), backoff.failed().toSeconds());
  }

  /** Binds removed sockets again, then registers where owed; the problem, if any. */
  private Optional<String> attempt(Optional<Object> kubelet) {
    for (ServedResource resource : served) {
      if (resource.intact()) {
        continue;
      }
      try {
        resource.rebind();
      } catch (RuntimeException e) {
        return Optional.of(
            resource.socket() + " was removed or replaced and cannot be bound again: " + reason(e));
      }
      rebound = true;
      log.warn("{} was removed or replaced: bound again", resource.socket());
    }
    if (kubelet.isEmpty()) {
      if (!waiting) {
        log.info("waiting for the kubelet's socket {}", kubeletSocket);
        waiting = true;
      }
      return Optional.empty();
    }
    waiting = false;
    if (!rebound && kubelet.get().equals(registeredWith)) {
      return Optional.empty();
    }
    try {
      register.run();
    } catch (RuntimeException e) {
      return Optional.of("cannot register with the kubelet at " + kubeletSocket + ": " + reason(e));
    }
    logRegisteredAgain(kubelet.get());
    registeredWith = kubelet.get();
    rebound = false;
    return Optional.empty();
  }

  private void logRegisteredAgain(Object kubelet) {
    if (registeredWith != null && !kubelet.equals(registeredWith)) {
      log.info("the kubelet restarted ({} is a new file): registered again", kubeletSocket);
    }
  }

  private static String reason(RuntimeException e) {
    Throwable cause = e.getCause();
    return cause == null || cause.getMessage() == null
        ? e.getMessage()
        : e.getMessage() + ": " + cause.getMessage();
  }

  /**
   * Which file is at the path: its inode and its times (a socket made anew may get the inode just
   * freed by the old one, but not its times).
   */
  private static Optional<Object> fileKey(Path path) {
    try {
      BasicFileAttributes file =
          Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      return Optional.of(
          List.of(String.valueOf(file.fileKey()), file.creationTime(), file.lastModifiedTime()));
    } catch (IOException e) {
      return Optional.empty();
    }
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
