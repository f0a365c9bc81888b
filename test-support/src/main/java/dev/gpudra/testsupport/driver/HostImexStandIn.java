package dev.gpudra.testsupport.driver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A host-managed {@code nvidia-imex} (test and demo only): a fake driver root that {@code chroot}
 * can enter (a static busybox as {@code /bin/sh}), the {@code nvidia-imex-ctl} stand-in, and {@code
 * /etc/nvidia-imex/config.cfg} enabling the control socket {@link #SOCKET}. {@link #start} binds
 * that socket as the admin's running daemon would, {@link #stop} removes it; {@code nvidia-imex-ctl
 * -q --u=<socket>} answers READY while it is there. The socket is a file under the driver root, so
 * a plugin in a container (another PID namespace) sees it too.
 */
public final class HostImexStandIn implements AutoCloseable {
  /** NVIDIA's default control socket, inside the driver root. */
  public static final String SOCKET = "/etc/nvidia-imex/imex_ctrl.sock";

  private static final List<Path> BUSYBOX =
      List.of(Path.of("/bin/busybox"), Path.of("/usr/bin/busybox"));

  private final Path socket;
  private ServerSocketChannel daemon;

  private HostImexStandIn(Path socket) {
    this.socket = socket;
  }

  /**
   * Lays the stand-ins out under {@code driverRoot}; the daemon does not run yet.
   *
   * @throws IllegalStateException when this machine has no static busybox to copy
   */
  public static HostImexStandIn install(Path driverRoot) {
    Path busybox =
        BUSYBOX.stream()
            .filter(Files::isExecutable)
            .findFirst()
            .orElseThrow(() ->
                new IllegalStateException(
                    "no busybox in " + BUSYBOX + "; apt-get install busybox-static"));
    ImexStandIn.install(driverRoot);
    try {
      Path bin = Files.createDirectories(driverRoot.resolve("bin"));
      Files.copy(busybox, bin.resolve("busybox"), StandardCopyOption.REPLACE_EXISTING);
      Files.deleteIfExists(bin.resolve("sh"));
      Files.createSymbolicLink(bin.resolve("sh"), Path.of("busybox"));
      Path config = driverRoot.resolve("etc/nvidia-imex/config.cfg");
      Files.createDirectories(config.getParent());
      Files.writeString(config, "IMEX_CMD_ENABLED=1\nIMEX_CMD_UNIX_DOMAIN_PATH=" + SOCKET + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lay out a host IMEX under " + driverRoot, e);
    }
    return new HostImexStandIn(driverRoot.resolve(SOCKET.substring(1)));
  }

  /** The host's daemon starts: its control socket is bound. */
  public synchronized void start() {
    if (daemon != null) {
      return;
    }
    try {
      Files.deleteIfExists(socket);
      daemon = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      daemon.bind(UnixDomainSocketAddress.of(socket));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind the host IMEX socket " + socket, e);
    }
  }

  /** The host's daemon stops ({@code systemctl stop nvidia-imex}): its socket goes. */
  public synchronized void stop() {
    if (daemon == null) {
      return;
    }
    try {
      daemon.close();
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the host IMEX socket " + socket, e);
    } finally {
      daemon = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
