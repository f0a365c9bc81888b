package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client-side rate limit on real HTTP requests to a stand-in API endpoint. */
class ApiRateLimitIT {
  private static final String NAMESPACE =
      "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"default\"}}";

  @TempDir Path dir;
  private HttpServer server;
  private Path kubeconfig;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/api/v1/namespaces/default",
        exchange -> {
          byte[] body = NAMESPACE.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(
        kubeconfig,
        String.join(
            "\n",
            "apiVersion: v1",
            "kind: Config",
            "clusters: [{name: c, cluster: {server: 'http://127.0.0.1:"
                + server.getAddress().getPort()
                + "'}}]",
            "users: [{name: u, user: {}}]",
            "contexts: [{name: x, context: {cluster: c, user: u}}]",
            "current-context: x",
            ""));
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  @DisplayName(
      "--kube-api-qps 10 --kube-api-burst 1: eleven requests take a second; without a limit they"
          + " do not wait")
  void limitsRequests() {
    long unlimited = elapsedMillis(ApiRateLimit.NONE, 11);
    long limited = elapsedMillis(new ApiRateLimit(10, 1), 11);

    assertThat(limited).isBetween(950L, 5_000L);
    assertThat(unlimited).isLessThan(limited / 2);
  }

  private long elapsedMillis(ApiRateLimit limit, int requests) {
    try (KubernetesClient client =
        Clients.connect(ClusterTarget.of(kubeconfig.toString(), null), limit)) {
      client.namespaces().withName("default").get(); // connection set up outside the timing
      long started = System.nanoTime();
      for (int i = 1; i < requests; i++) {
        assertThat(client.namespaces().withName("default").get().getMetadata().getName())
            .isEqualTo("default");
      }
      return (System.nanoTime() - started) / 1_000_000;
    }
  }
}
