package dev.gpudra.computedomain.imex;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Whether the admin's {@code nvidia-imex} on this host is ready (hostManaged IMEX), asked as
 * NVIDIA's plugin asks it: {@code chroot <driver root> nvidia-imex-ctl -q --u=<socket>}, the socket
 * path being the host daemon's {@code IMEX_CMD_UNIX_DOMAIN_PATH}. Beyond NVIDIA's: the answer must
 * be a line {@code READY} (not merely contain it), and it must come within {@link #TIMEOUT}; at
 * most {@link #MAX_OUTPUT} bytes of it are read.
 */
public final class HostImexCheck {
  /** NVIDIA's default {@code --imex-host-socket-path}. */
  public static final String DEFAULT_SOCKET = "/etc/nvidia-imex/imex_ctrl.sock";

  static final Duration TIMEOUT = Duration.ofSeconds(10);
  static final int MAX_OUTPUT = 4096;

  /** Where NVIDIA's plugin looks for the program, under the driver root. */
  private static final List<String> DIRS =
      List.of("/", "/opt/bin", "/usr/bin", "/usr/sbin", "/bin", "/sbin");

  private final Path root;
  private final String socket;

  /**
   * @param root the driver root as this process sees it (the host's, mounted)
   * @param socket the host daemon's control socket, inside {@code root}
   */
  public HostImexCheck(Path root, String socket) {
    this.root = Objects.requireNonNull(root, "root");
    this.socket = Objects.requireNonNull(socket, "socket");
    if (!socket.startsWith("/")) {
      throw new IllegalArgumentException(
          "--imex-host-socket-path (IMEX_HOST_SOCKET_PATH) must be absolute, got \""
              + socket
              + "\"");
    }
  }

  /**
   * @throws ImexException naming the command and what it said: no {@code nvidia-imex-ctl} under the
   *     driver root, it failed or did not answer in time, or the daemon is not ready
   */
  public void requireReady() {
    String ctl =
        locate()
            .orElseThrow(() ->
                new ImexException(
                    "nvidia-imex-ctl not found under driver root "
                        + root
                        + " (in "
                        + String.join(", ", DIRS)
                        + "); is nvidia-imex installed on this node?",
                    null));
    List<String> command = List.of("chroot", root.toString(), ctl, "-q", "--u=" + socket);
    String output = run(command);
    if (output.lines().map(String::strip).noneMatch("READY"::equals)) {
      throw new ImexException(
          "host nvidia-imex daemon not ready (" + String.join(" ", command) + "): " + output, null);
    }
  }

  private Optional<String> locate() {
    return DIRS.stream()
        .map(d -> d.equals("/") ? "/nvidia-imex-ctl" : d + "/nvidia-imex-ctl")
        .filter(p -> Files.isRegularFile(root.resolve(p.substring(1))))
        .findFirst();
  }

  private static String run(List<String> command) {
    String shown = String.join(" ", command);
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new ImexException(
            shown + " did not answer within " + TIMEOUT.toSeconds() + " s", null);
      }
      String output = read(process.getInputStream());
      if (process.exitValue() != 0) {
        throw new ImexException(
            shown + " failed (exit " + process.exitValue() + "): " + output, null);
      }
      return output;
    } catch (IOException e) {
      throw new ImexException("cannot run " + shown + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ImexException("interrupted while running " + shown, e);
    }
  }

  private static String read(InputStream in) throws IOException {
    try (in) {
      return new String(in.readNBytes(MAX_OUTPUT), StandardCharsets.UTF_8).strip();
    }
  }
}
