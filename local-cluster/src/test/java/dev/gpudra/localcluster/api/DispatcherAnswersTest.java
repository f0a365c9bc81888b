package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DispatcherAnswersTest {
  private static RecordedRequest request(HttpMethod method, String path, String type, String body) {
    return new RecordedRequest(
        "HTTP/1.1",
        method,
        path,
        Headers.builder().add("Content-Type", type).build(),
        new Buffer(body.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  @DisplayName("an exception while serving is answered 500 with a Status naming the request")
  void exceptionAnswered() {
    LocalCrudDispatcher failing =
        new LocalCrudDispatcher() {
          @Override
          protected MockResponse serve(RecordedRequest request) {
            throw new IllegalStateException("the store is gone");
          }
        };
    MockResponse response = failing.dispatch(request(HttpMethod.GET, "/api/v1/namespaces", "", ""));
    assertThat(response.code()).isEqualTo(500);
    assertThat(response.getBody().readUtf8())
        .contains("\"reason\":\"InternalError\"")
        .contains("failed on GET /api/v1/namespaces")
        .contains("the store is gone");
  }

  @Test
  @DisplayName("the body the gate reads is still there for fabric8 to store")
  void bodyLeftForTheStore() {
    LocalCrudDispatcher dispatcher = new LocalCrudDispatcher();
    String namespace =
        "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"x\"}}";
    MockResponse created =
        dispatcher.dispatch(
            request(HttpMethod.POST, "/api/v1/namespaces", "application/json", namespace));
    assertThat(created.code()).isEqualTo(201);
    assertThat(created.header("Content-Type")).isEqualTo("application/json");
    assertThat(dispatcher.dispatch(request(HttpMethod.GET, "/api/v1/namespaces/x", "", "")).code())
        .isEqualTo(200);
  }
}
