package dev.gpudra.webhook.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.testfixtures.tls.SelfSignedCert;
import dev.gpudra.testfixtures.tls.SelfSignedCert.KeyAlgorithm;
import dev.gpudra.webhook.admission.ClaimAdmission;
import dev.gpudra.webhook.admission.OpaqueConfigValidator;
import dev.gpudra.webhook.tls.ReloadingKeyManager;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The webhook over real HTTPS on 127.0.0.1, with certificates made by keytool. */
class WebhookServerIT {
  private static final String REVIEW =
      """
      {"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{
        "uid":"u-1","operation":"CREATE","namespace":"ns","name":"c",
        "resource":{"group":"resource.k8s.io","version":"v1","resource":"resourceclaims"},
        "object":{"spec":{"devices":{"config":[{"opaque":{"driver":"gpu.nvidia.com",
          "parameters":{"apiVersion":"resource.nvidia.com/v1beta1","kind":"GpuConfig"%s}}}]}}}}}
      """;

  @TempDir static Path dir;
  private static SelfSignedCert first;
  private static SelfSignedCert second;
  private static WebhookServer server;
  private static ExecutorService clientThreads;
  private static HttpClient http;
  private final ObjectMapper json = new ObjectMapper();

  @BeforeAll
  static void start() throws Exception {
    first = SelfSignedCert.generate(dir, "first", KeyAlgorithm.RSA);
    second = SelfSignedCert.generate(dir, "second", KeyAlgorithm.EC);
    first.write(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    server = serve(dir.resolve("tls.crt"), dir.resolve("tls.key"));
    clientThreads = Executors.newFixedThreadPool(2);
    http =
        HttpClient.newBuilder()
            .sslContext(SelfSignedCert.trusting(List.of(first)))
            .executor(clientThreads)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  private static WebhookServer serve(Path cert, Path key) {
    return WebhookServer.start(
        new InetSocketAddress("127.0.0.1", 0),
        ReloadingKeyManager.load(cert, key),
        new ClaimAdmission(new OpaqueConfigValidator(FeatureGates.defaults())));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
    if (clientThreads != null) {
      clientThreads.shutdownNow();
    }
  }

  private HttpResponse<String> post(String path, String contentType, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + path))
            .header("Content-Type", contentType)
            .timeout(Duration.ofSeconds(10))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + path))
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @DisplayName("a good config is allowed and a misspelled one refused, in a v1 AdmissionReview")
  void reviews() throws Exception {
    HttpResponse<String> good =
        post(WebhookServer.VALIDATE_PATH, "application/json", REVIEW.formatted(""));
    HttpResponse<String> bad =
        post(
            WebhookServer.VALIDATE_PATH,
            "application/json",
            REVIEW.formatted(",\"sharing\":{\"strategy\":\"MPS\",\"mpsConfg\":{}}"));

    assertThat(good.statusCode()).isEqualTo(200);
    assertThat(good.headers().firstValue("Content-Type")).hasValue("application/json");
    JsonNode allowed = json.readTree(good.body());
    assertThat(allowed.at("/kind").asText()).isEqualTo("AdmissionReview");
    assertThat(allowed.at("/response/uid").asText()).isEqualTo("u-1");
    assertThat(allowed.at("/response/allowed").asBoolean()).isTrue();
    JsonNode denied = json.readTree(bad.body());
    assertThat(denied.at("/response/allowed").asBoolean()).isFalse();
    assertThat(denied.at("/response/status/message").asText())
        .isEqualTo(
            "1 configs failed to validate: error decoding object at"
                + " spec.devices.config[0].opaque.parameters: strict decoding error: unknown field"
                + " \"sharing.mpsConfg\"");
  }

  @Test
  @DisplayName(
      "a body that is no AdmissionReview is 400 with the reason, another media type 415, GET 405,"
          + " other paths 404; the server keeps serving")
  void badRequests() throws Exception {
    HttpResponse<String> notJson =
        post(WebhookServer.VALIDATE_PATH, "application/json", "{\"request\":");
    HttpResponse<String> empty = post(WebhookServer.VALIDATE_PATH, "application/json", "{}");

    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(notJson.body()).startsWith("failed to read AdmissionReview from request body:");
    assertThat(empty.statusCode()).isEqualTo(400);
    assertThat(empty.body()).contains("unsupported group version kind");
    assertThat(post(WebhookServer.VALIDATE_PATH, "text/plain", "{}").statusCode()).isEqualTo(415);
    assertThat(get(WebhookServer.VALIDATE_PATH).statusCode()).isEqualTo(405);
    assertThat(get(WebhookServer.VALIDATE_PATH + "/more").statusCode()).isEqualTo(404);
    assertThat(get("/other").statusCode()).isEqualTo(404);
    assertThat(
            post(WebhookServer.VALIDATE_PATH, "application/json", REVIEW.formatted(""))
                .statusCode())
        .isEqualTo(200);
  }

  @Test
  @DisplayName("/readyz answers ok")
  void ready() throws Exception {
    HttpResponse<String> ready = get(WebhookServer.READY_PATH);

    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(ready.body()).isEqualTo("ok");
  }

  @Test
  @DisplayName(
      "when cert-manager rotates the files, new connections get the new certificate; files that"
          + " cannot be used keep the last good one")
  void rotation(@TempDir Path files) throws Exception {
    Path cert = files.resolve("tls.crt");
    Path key = files.resolve("tls.key");
    first.write(cert, key);
    try (WebhookServer rotating = serve(cert, key)) {
      assertThat(served(rotating)).isEqualTo(first.certificate());

      second.write(cert, key);
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(served(rotating)).isEqualTo(second.certificate()));

      Files.writeString(key, first.pkcs8Pem());
      assertThat(served(rotating)).isEqualTo(second.certificate());
    }
  }

  /** The certificate a fresh TLS connection (no session to resume) is given. */
  private static X509Certificate served(WebhookServer target) throws Exception {
    try (SSLSocket socket =
        (SSLSocket)
            SelfSignedCert.trusting(List.of(first, second))
                .getSocketFactory()
                .createSocket("127.0.0.1", target.port())) {
      socket.setSoTimeout(10_000);
      socket.startHandshake();
      return (X509Certificate) socket.getSession().getPeerCertificates()[0];
    }
  }
}
