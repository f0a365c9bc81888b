package dev.gpudra.kit.grpc;

import io.grpc.ServerServiceDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A gRPC server on a Unix socket file: removes a stale file before listening, makes the socket
 * owner-only (0600) and remembers which file it bound (device and inode). On close it removes the
 * file only if it is still that one: a socket another process bound at the same path since is left
 * alone. {@link #intact()} says whether the path still leads to this server, and {@link #restart()}
 * binds a new file when it does not (a kubelet that cleared its directory).
 */
public final class UnixSocketServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(UnixSocketServer.class);

  private final Path socket;
  private final Path binding;
  private final GrpcServer server;
  private Object boundFile;

  public UnixSocketServer(
      Path socket,
      SocketServerFactory factory,
      List<ServerServiceDefinition> services,
      Duration grace) {
    this.socket = socket.toAbsolutePath();
    // bound under a short random name and renamed into place: at most 9 characters longer than
    // "dra.sock", so a socket path near the kernel's 107-byte limit still binds
    this.binding =
        this.socket.resolveSibling(
            "." + Integer.toHexString(ThreadLocalRandom.current().nextInt()) + ".s");
    Objects.requireNonNull(factory, "factory");
    this.server =
        new GrpcServer(
            this.socket.getFileName().toString(),
            () -> factory.serverFor(binding),
            services,
            grace);
  }

  public Path socket() {
    return socket;
  }

  public synchronized void start() {
    try {
      Files.createDirectories(socket.getParent());
      if (Files.isDirectory(socket, LinkOption.NOFOLLOW_LINKS)) {
        throw new IOException("socket path is a directory");
      }
      Files.deleteIfExists(binding);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare socket path " + socket, e);
    }
    server.start();
    // An in-process server (tests) creates no file; there is nothing to protect or move then.
    if (!Files.exists(binding, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try {
      Files.setPosixFilePermissions(binding, PosixFilePermissions.fromString("rw-------"));
      Files.move(
          binding, socket, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      server.close();
      deleteQuietly(binding);
      throw new UncheckedIOException("cannot put socket " + binding + " in place at " + socket, e);
    }
    boundFile = fileKey().orElse(null);
  }

  public synchronized boolean running() {
    return server.running();
  }

  /**
   * Whether the server runs and its path is still the file it bound. Always true for an in-process
   * server (tests), which binds no file.
   */
  public synchronized boolean intact() {
    if (!server.running()) {
      return false;
    }
    return boundFile == null || boundFile.equals(fileKey().orElse(null));
  }

  /** Stops the server and binds its path again, replacing whatever is there now. */
  public synchronized void restart() {
    server.close();
    boundFile = null;
    start();
  }

  @Override
  public synchronized void close() {
    server.close();
    Object bound = boundFile;
    boundFile = null;
    if (bound == null) {
      return;
    }
    Optional<Object> now = fileKey();
    if (now.isPresent() && !now.get().equals(bound)) {
      log.warn("{} is no longer the socket this process bound: leaving it in place", socket);
      return;
    }
    try {
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove socket " + socket, e);
    }
  }

  /** The device and inode of the file at the path now, without following links. */
  private Optional<Object> fileKey() {
    try {
      return Optional.ofNullable(
          Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
              .fileKey());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      log.warn("cannot remove {}", file, e);
    }
  }
}
