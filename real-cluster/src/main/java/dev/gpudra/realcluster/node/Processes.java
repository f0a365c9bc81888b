package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Runs the short commands the node is set up and torn down with (tar, ctr, mknod, umount, ip). */
final class Processes {
  private static final Logger log = LoggerFactory.getLogger(Processes.class);
  private static final long TIMEOUT_SECONDS = 60;

  private Processes() {}

  /**
   * Runs a command to completion.
   *
   * @return its standard output
   * @throws RealNodeStartException when it fails, with its output
   */
  static String run(List<String> command) {
    Path stderr = null;
    try {
      stderr = Files.createTempFile("gpu-dra-node-cmd-", ".stderr");
      Process process =
          new ProcessBuilder(command)
              .redirectError(stderr.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new RealNodeStartException(command.getFirst() + " did not finish: " + command);
      }
      if (process.exitValue() != 0) {
        throw new RealNodeStartException(
            String.join(" ", command)
                + ": exit "
                + process.exitValue()
                + ": "
                + (output + Files.readString(stderr)).strip());
      }
      return output;
    } catch (IOException e) {
      throw new RealNodeStartException("cannot run " + command.getFirst() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RealNodeStartException("interrupted while running " + command.getFirst());
    } finally {
      deleteQuietly(stderr);
    }
  }

  /** Whether a command succeeds; for polls, where failing is the expected answer for a while. */
  static boolean succeeds(List<String> command) {
    try {
      run(command);
      return true;
    } catch (RealNodeStartException e) {
      return false;
    }
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      log.warn("cannot remove {}", file, e);
    }
  }

  /** Runs a clean-up command: a failure is logged and returned, so that clean-up goes on. */
  static boolean tryRun(List<String> command) {
    try {
      run(command);
      return true;
    } catch (RealNodeStartException e) {
      log.warn("clean-up step failed: {}", e.getMessage());
      return false;
    }
  }
}
