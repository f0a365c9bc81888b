package dev.gpudra.realcluster.controlplane;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What gpu-dra-testcluster says on stdout once ready: {@code kubeconfig: PATH} then {@code ready:
 * URL (...)}. Its stdout is drained for the rest of its life so that it never blocks on a full
 * pipe.
 *
 * @param kubeconfig the admin kubeconfig
 * @param readyLine the text after {@code ready: }
 */
record ReadyLines(Path kubeconfig, String readyLine) {
  private static final String KUBECONFIG = "kubeconfig: ";
  private static final String READY = "ready: ";

  static ReadyLines await(Process process, Duration timeout) throws InterruptedException {
    CompletableFuture<ReadyLines> result = new CompletableFuture<>();
    Thread.ofPlatform().daemon().name("testcluster-stdout").start(() -> read(process, result));
    try {
      return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new ControlPlaneStartException(
          "gpu-dra-testcluster: not ready within " + timeout.toSeconds() + " s");
    } catch (ExecutionException e) {
      throw new ControlPlaneStartException(e.getCause().getMessage());
    }
  }

  private static void read(Process process, CompletableFuture<ReadyLines> result) {
    Path kubeconfig = null;
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.startsWith(KUBECONFIG)) {
          kubeconfig = Path.of(line.substring(KUBECONFIG.length()).strip());
        } else if (line.startsWith(READY) && kubeconfig != null) {
          result.complete(new ReadyLines(kubeconfig, line.substring(READY.length()).strip()));
        }
      }
    } catch (IOException e) {
      // the process is gone; the exit below says so
    }
    result.completeExceptionally(
        new ControlPlaneStartException(
            "gpu-dra-testcluster: exited before ready" + exitCode(process)));
  }

  private static String exitCode(Process process) {
    try {
      return " (exit code " + process.waitFor() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
