package dev.gpudra.realcluster.registry;

import dev.gpudra.realcluster.controlplane.BuildScript;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The distribution registry serving plain HTTP on a free loopback port, its blobs in a directory of
 * its own, until closed. Plain HTTP on loopback is what {@code helm --plain-http} and Jib's {@code
 * allowInsecureRegistries} are for; nothing else reaches it.
 */
public final class LoopbackRegistry implements AutoCloseable {
  static final String SCRIPT = "e2e/node/registry.sh";
  private static final Duration READY = Duration.ofSeconds(30);

  private final Process process;
  private final int port;

  private LoopbackRegistry(Process process, int port) {
    this.process = process;
    this.port = port;
  }

  /**
   * Builds (cached) the registry with {@code e2e/node/registry.sh} and returns its binary.
   *
   * @throws RegistryUnavailableException when it cannot be built here (no Go), in one line
   */
  public static Path locate(Path checkout, Consumer<String> progress) throws InterruptedException {
    Path script =
        BuildScript.find(checkout, SCRIPT)
            .orElseThrow(() ->
                new RegistryUnavailableException(
                    "registry: " + SCRIPT + " not found in " + checkout + " or above"));
    return new BuildScript(script, "the distribution registry")
        .run(progress, RegistryUnavailableException::new)
        .resolve("registry");
  }

  /**
   * Starts the registry and waits until {@code /v2/} answers.
   *
   * @param dir its storage, configuration and log
   * @throws RegistryUnavailableException when it does not answer within 30 s, with its log's end
   */
  public static LoopbackRegistry start(Path binary, Path dir)
      throws IOException, InterruptedException {
    Files.createDirectories(dir);
    int port = freePort();
    Path config = dir.resolve("config.yml");
    Files.writeString(
        config,
        String.join(
            "\n",
            "version: 0.1",
            "log: {level: warn}",
            "storage:",
            "  filesystem: {rootdirectory: " + dir.resolve("storage") + "}",
            "  delete: {enabled: true}",
            "http:",
            "  addr: 127.0.0.1:" + port,
            ""));
    Path log = dir.resolve("registry.log");
    Process process =
        new ProcessBuilder(binary.toString(), "serve", config.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    LoopbackRegistry registry = new LoopbackRegistry(process, port);
    try {
      registry.awaitReady(log);
    } catch (RuntimeException | InterruptedException e) {
      registry.close();
      throw e;
    }
    return registry;
  }

  /** {@code 127.0.0.1:<port>}, the registry's host as image and chart references name it. */
  public String host() {
    return "127.0.0.1:" + port;
  }

  private void awaitReady(Path log) throws InterruptedException, IOException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    HttpRequest ping =
        HttpRequest.newBuilder(URI.create("http://" + host() + "/v2/"))
            .timeout(Duration.ofSeconds(2))
            .build();
    long deadline = System.nanoTime() + READY.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new RegistryUnavailableException(
            "registry exited with " + process.exitValue() + ": " + tail(log));
      }
      try {
        if (http.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new RegistryUnavailableException(
        "registry did not answer on "
            + host()
            + " within "
            + READY.toSeconds()
            + " s: "
            + tail(log));
  }

  private static String tail(Path log) throws IOException {
    String text = Files.exists(log) ? Files.readString(log).strip() : "";
    return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
