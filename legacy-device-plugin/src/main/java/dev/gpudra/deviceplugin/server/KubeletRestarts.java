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
 * Registers again whenever the kubelet's socket is a new file: a restarted kubelet creates {@code
 * kubelet.sock} anew, removes the plugins' sockets and forgets every plugin. Looks every {@code
 * period}; a registration that fails (the kubelet not listening yet) is tried again at the next
 * look, and so is the first one when the kubelet is not up when the plugin starts.
 */
final class KubeletRestarts implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(KubeletRestarts.class);

  private final Path kubeletSocket;
  private final Runnable register;
  private final ScheduledExecutorService executor;
  private Object registeredWith;
  private boolean waiting;

  /**
   * @param register binds the plugin's sockets again where needed and registers every resource
   */
  KubeletRestarts(Path kubeletSocket, Duration period, Runnable register) {
    this.kubeletSocket = kubeletSocket;
    this.register = register;
    this.executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("kubelet-registration").unstarted(r));
    executor.scheduleWithFixedDelay(
        this::check, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Registers when the kubelet's socket is there and not the one registered with; true if done. */
  synchronized boolean check() {
    Optional<Object> now = fileKey();
    if (now.isEmpty()) {
      if (!waiting) {
        log.info("waiting for the kubelet's socket {}", kubeletSocket);
        waiting = true;
      }
      return false;
    }
    waiting = false;
    if (now.get().equals(registeredWith)) {
      return true;
    }
    try {
      register.run();
      if (registeredWith != null) {
        log.info("the kubelet restarted ({} is a new file): registered again", kubeletSocket);
      }
      registeredWith = now.get();
      return true;
    } catch (RuntimeException e) {
      log.warn(
          "cannot register with the kubelet at {}; trying again: {}",
          kubeletSocket,
          e.getMessage());
      return false;
    }
  }

  /**
   * Which file the socket is: its inode and its times (a socket made anew may get the inode just
   * freed by the old one, but not its times).
   */
  private Optional<Object> fileKey() {
    try {
      BasicFileAttributes file =
          Files.readAttributes(kubeletSocket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
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
