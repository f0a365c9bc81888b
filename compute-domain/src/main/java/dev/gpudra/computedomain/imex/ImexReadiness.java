package dev.gpudra.computedomain.imex;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Whether the node's IMEX daemon is ready, as the daemon's {@code check} decides it: {@code
 * nvidia-imex-ctl -c <config> -q} must print exactly {@code READY}.
 */
public final class ImexReadiness {
  private static final long TIMEOUT_SECONDS = 10;

  private final Path ctl;
  private final Path config;

  public ImexReadiness(Path ctl, Path config) {
    this.ctl = Objects.requireNonNull(ctl, "ctl");
    this.config = Objects.requireNonNull(config, "config");
  }

  /**
   * @return what it printed, stripped; {@code READY} when ready
   * @throws ImexException when it cannot be run or does not answer within 10 s
   */
  public String query() {
    try {
      Process process =
          new ProcessBuilder(ctl.toString(), "-c", config.toString(), "-q")
              .redirectErrorStream(true)
              .start();
      process.getOutputStream().close();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new ImexException(ctl + " -q did not answer within " + TIMEOUT_SECONDS + " s", null);
      }
      return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new ImexException("cannot run " + ctl + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ImexException("interrupted while asking " + ctl, e);
    }
  }

  public boolean ready() {
    return "READY".equals(query());
  }
}
