package dev.gpudra.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ProbeServerIT {
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> get(ProbeServer server, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @DisplayName(
      "each probe path answers its check as it is now, and a failing check gives its reason")
  void eachPathAnswersItsCheckAsItIsNow() throws Exception {
    AtomicBoolean ready = new AtomicBoolean(false);
    try (ProbeServer server =
        new ProbeServer(
            new InetSocketAddress("127.0.0.1", 0),
            Map.of(
                "/healthz",
                ProbeServer.check(() -> true),
                "/readyz",
                ProbeServer.check(ready::get),
                "/why",
                () -> Optional.of("cannot renew its Lease")))) {
      assertThat(get(server, "/healthz").statusCode()).isEqualTo(200);
      HttpResponse<String> notReady = get(server, "/readyz");
      assertThat(notReady.statusCode()).isEqualTo(500);
      assertThat(notReady.body()).isEqualTo("readyz check failed");

      ready.set(true);

      assertThat(get(server, "/readyz").body()).isEqualTo("ok");
      assertThat(get(server, "/metrics").statusCode()).isEqualTo(404);
      HttpResponse<String> why = get(server, "/why");
      assertThat(why.statusCode()).isEqualTo(500);
      assertThat(why.body())
          .as("the reason, for kubectl describe")
          .isEqualTo("why cannot renew its Lease");
    }
  }
}
