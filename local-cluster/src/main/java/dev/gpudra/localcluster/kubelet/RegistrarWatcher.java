package dev.gpudra.localcluster.kubelet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls the registrar directory: registers new {@code *-reg.sock} files (hidden files ignored),
 * re-registers re-created ones, drops removed ones, and retries failed registrations with
 * exponential backoff. Not thread-safe: {@link #poll()} runs on one thread, readers synchronise.
 */
final class RegistrarWatcher {
  private static final Logger log = LoggerFactory.getLogger(RegistrarWatcher.class);
  private static final long FIRST_BACKOFF_NANOS = 100_000_000L;
  private static final long MAX_BACKOFF_NANOS = 5_000_000_000L;

  private record Failure(Object fileKey, long backoffNanos, long retryAtNanos) {}

  private final Path dir;
  private final PluginRegistrar registrar;
  private final Map<Path, PluginConnection> connections = new LinkedHashMap<>();
  private final Map<Path, Failure> failures = new HashMap<>();

  RegistrarWatcher(Path dir, PluginRegistrar registrar) {
    this.dir = dir;
    this.registrar = registrar;
  }

  /** One scan of the directory. */
  synchronized void poll() {
    Map<Path, Object> sockets = scan();
    for (Path gone : new ArrayList<>(connections.keySet())) {
      PluginConnection c = connections.get(gone);
      if (!c.fileKey().equals(sockets.get(gone))) {
        log.info("DRA plugin {} deregistered ({} removed or replaced)", c.driverName(), gone);
        connections.remove(gone).close();
      }
    }
    failures.keySet().retainAll(sockets.keySet());
    sockets.forEach((socket, key) -> {
      if (!connections.containsKey(socket) && due(socket, key)) {
        attempt(socket, key);
      }
    });
  }

  /** The most recently registered connection of a driver. */
  synchronized Optional<PluginConnection> latest(String driverName) {
    PluginConnection found = null;
    for (PluginConnection c : connections.values()) {
      if (c.driverName().equals(driverName)) {
        found = c;
      }
    }
    return Optional.ofNullable(found);
  }

  synchronized void close() {
    connections.values().forEach(PluginConnection::close);
    connections.clear();
  }

  private void attempt(Path socket, Object key) {
    try {
      connections.put(socket, registrar.register(socket, key));
      failures.remove(socket);
    } catch (RuntimeException e) {
      Failure last = failures.get(socket);
      long backoff =
          last == null || !last.fileKey().equals(key)
              ? FIRST_BACKOFF_NANOS
              : Math.min(last.backoffNanos() * 2, MAX_BACKOFF_NANOS);
      failures.put(socket, new Failure(key, backoff, System.nanoTime() + backoff));
      log.warn("registration of {} failed: {}", socket, e.getMessage());
    }
  }

  private boolean due(Path socket, Object key) {
    Failure f = failures.get(socket);
    return f == null || !f.fileKey().equals(key) || System.nanoTime() - f.retryAtNanos() >= 0;
  }

  private Map<Path, Object> scan() {
    Map<Path, Object> sockets = new HashMap<>();
    if (!Files.isDirectory(dir)) {
      return sockets;
    }
    try (Stream<Path> entries = Files.list(dir)) {
      for (Path p : entries.toList()) {
        String name = p.getFileName().toString();
        if (!name.startsWith(".") && name.endsWith("-reg.sock")) {
          fileKey(p).ifPresent(key -> sockets.put(p, key));
        }
      }
    } catch (IOException e) {
      log.warn("cannot list {}: {}", dir, e.getMessage());
    }
    return sockets;
  }

  private static Optional<Object> fileKey(Path p) {
    try {
      BasicFileAttributes attrs = Files.readAttributes(p, BasicFileAttributes.class);
      return Optional.of(List.of(attrs.fileKey(), attrs.creationTime()));
    } catch (IOException e) {
      return Optional.empty(); // removed between listing and reading
    }
  }
}
