package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Over a real socket: what the embedded API server cannot serve is answered within a second with a
 * Status (before, a protobuf body, a body that did not parse or an OPTIONS request left the client
 * waiting until its own timeout).
 */
class UnservedRequestsIT {
  private static final Duration AT_ONCE = Duration.ofSeconds(2);
  private static final byte[] PROTOBUF_NAMESPACE = {
    'k', '8', 's', 0, 0x0a, 0x0f, 0x0a, 0x02, 'v', '1', 0x12, 0x09, 'N', 'a', 'm', 'e', 's', 'p',
    'a', 'c', 'e', 0x12, 0x05, 0x0a, 0x03, 0x0a, 0x01, 'x'
  };

  private static final byte[] PROTOBUF_CONFIGMAP = {
    'k', '8', 's', 0, 0x0a, 0x0f, 0x0a, 0x02, 'v', '1', 0x12, 0x09, 'C', 'o', 'n', 'f', 'i', 'g',
    'M', 'a', 'p', 0x12, 0x00
  };

  private static LocalApiServer server;
  private static final HttpClient http = HttpClient.newHttpClient();

  record Case(
      String name, String method, String path, String type, byte[] body, int code, String reason) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * One case from its text: {@code request} is the method and path, {@code answer} the code and
   * reason the server must give.
   */
  private static Case of(String name, String request, String type, String body, String answer) {
    return of(name, request, type, body.getBytes(StandardCharsets.UTF_8), answer);
  }

  private static Case of(String name, String request, String type, byte[] body, String answer) {
    String[] line = request.split(" ", 2);
    String[] status = answer.split(" ", 2);
    return new Case(name, line[0], line[1], type, body, Integer.parseInt(status[0]), status[1]);
  }

  static Stream<Case> cases() {
    return Stream.of(
        of(
            "kubectl create configmap's protobuf body",
            "POST /api/v1/namespaces/default/configmaps?fieldManager=kubectl-create",
            "application/vnd.kubernetes.protobuf",
            PROTOBUF_CONFIGMAP,
            "415 UnsupportedMediaType"),
        of("an object that does not exist", "GET /api/v1/namespaces/nope", "", "", "404 NotFound"),
        of(
            "a body cut short",
            "POST /api/v1/namespaces",
            "application/json",
            "{\"kind\":",
            "400 BadRequest"),
        of("OPTIONS", "OPTIONS /api/v1/pods", "", "", "405 MethodNotAllowed"),
        of("a path that is not an API path", "GET /healthz", "", "", "404 NotFound"),
        of("OpenAPI v2, which kubectl falls back to", "GET /openapi/v2", "", "", "404 NotFound"),
        of(
            "server-side apply",
            "PATCH /api/v1/namespaces/x",
            "application/apply-patch+yaml",
            "{}",
            "415 UnsupportedMediaType"),
        of(
            "a dry run of an update",
            "PUT /api/v1/namespaces/d?dryRun=All",
            "application/json",
            "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"d\"}}",
            "400 BadRequest"));
  }

  @BeforeAll
  static void start() {
    server = new LocalApiServer().start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  @DisplayName(
      "kubectl create namespace's protobuf body creates it; a second create is AlreadyExists")
  void namespaceInProtobuf() throws Exception {
    HttpRequest create =
        HttpRequest.newBuilder(
                URI.create(server.url() + "/api/v1/namespaces?fieldValidation=Strict"))
            .timeout(AT_ONCE)
            .header("Content-Type", "application/vnd.kubernetes.protobuf")
            .POST(HttpRequest.BodyPublishers.ofByteArray(PROTOBUF_NAMESPACE))
            .build();
    HttpResponse<String> created = http.send(create, HttpResponse.BodyHandlers.ofString());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(server.client().namespaces().withName("x").get()).isNotNull();
    HttpResponse<String> again = http.send(create, HttpResponse.BodyHandlers.ofString());
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(new ObjectMapper().readTree(again.body()).path("reason").asText())
        .isEqualTo("AlreadyExists");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("a request the server cannot serve is answered at once with a Status saying why")
  void answeredAtOnce(Case c) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server.url() + c.path()))
            .timeout(AT_ONCE)
            .method(c.method(), HttpRequest.BodyPublishers.ofByteArray(c.body()));
    if (!c.type().isEmpty()) {
      request.header("Content-Type", c.type());
    }
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(c.code());
    JsonNode status = new ObjectMapper().readTree(response.body());
    assertThat(status.path("kind").asText()).isEqualTo("Status");
    assertThat(status.path("reason").asText()).isEqualTo(c.reason());
    assertThat(status.path("code").asInt()).isEqualTo(c.code());
    assertThat(status.path("message").asText()).isNotBlank();
  }
}
