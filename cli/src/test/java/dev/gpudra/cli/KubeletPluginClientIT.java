package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What the kubelet plugins' API client puts on the wire. */
class KubeletPluginClientIT {
  private HttpServer server;
  private final List<String> upgrades = new CopyOnWriteArrayList<>();

  @BeforeEach
  void serve() throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          upgrades.add(String.valueOf(exchange.getRequestHeaders().getFirst("Upgrade")));
          byte[] body =
              "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"a\"}}"
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private Config config() {
    return new ConfigBuilder()
        .withMasterUrl("http://127.0.0.1:" + server.getAddress().getPort())
        .withRequestRetryBackoffLimit(0)
        .build();
  }

  private void get(Config config) {
    try (KubernetesClient client = Clients.connect(config, ApiRateLimit.NONE)) {
      assertThat(client.namespaces().withName("a").get().getMetadata().getName()).isEqualTo("a");
    }
  }

  @Test
  @DisplayName("kubelet plugins speak HTTP/1.1: no HTTP/2 upgrade is asked for")
  void http11() {
    get(Clients.forKubeletPlugin(config()));

    assertThat(upgrades).containsExactly("null");
  }

  @Test
  @DisplayName("other commands keep the client's HTTP/2 (the upgrade is asked for)")
  void http2Elsewhere() {
    get(config());

    assertThat(upgrades).containsExactly("h2c");
  }
}
