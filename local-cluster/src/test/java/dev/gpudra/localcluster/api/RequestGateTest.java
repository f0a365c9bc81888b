package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RequestGateTest {
  private static final String NAMESPACE = "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\"}";

  /** One request and the status it is refused with (0: it goes on to discovery or CRUD). */
  record Case(String name, ApiRequest request, int code, String reason, String says) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Case refused(
      String name, ApiRequest request, int code, String reason, String says) {
    return new Case(name, request, code, reason, says);
  }

  private static Case served(String name, ApiRequest request) {
    return new Case(name, request, 0, "", "");
  }

  static Stream<Case> cases() {
    return Stream.of(refusedShapes(), refusedWrites(), served()).flatMap(s -> s);
  }

  /** Methods, paths and bodies the server refuses. */
  private static Stream<Case> refusedShapes() {
    return Stream.of(
        refused(
            "OPTIONS is not a method the server serves",
            new ApiRequest("OPTIONS", "/api/v1/pods", "", ""),
            405,
            "MethodNotAllowed",
            "OPTIONS is not served"),
        refused(
            "a path outside /api and /apis",
            new ApiRequest("GET", "/healthz", "", ""),
            404,
            "NotFound",
            "GET /healthz"),
        refused(
            "a subresource other than status",
            new ApiRequest("GET", "/api/v1/namespaces/ml/pods/trainer/log", "", ""),
            404,
            "NotFound",
            "pods/trainer/log"),
        refused(
            "a protobuf body (kubectl create namespace)",
            new ApiRequest(
                "POST", "/api/v1/namespaces", "application/vnd.kubernetes.protobuf", "k8s\0"),
            415,
            "UnsupportedMediaType",
            "application/vnd.kubernetes.protobuf"),
        refused(
            "a JSON body that does not parse",
            new ApiRequest("POST", "/api/v1/namespaces", "application/json", "{\"kind\":"),
            400,
            "BadRequest",
            "does not parse"),
        refused(
            "an empty body",
            new ApiRequest("PUT", "/api/v1/namespaces/x", "application/json", ""),
            400,
            "BadRequest",
            "is empty"));
  }

  /** Ways of writing the server does not implement. */
  private static Stream<Case> refusedWrites() {
    return Stream.of(
        refused(
            "server-side apply",
            new ApiRequest(
                "PATCH", "/api/v1/namespaces/x", "application/apply-patch+yaml", NAMESPACE),
            415,
            "UnsupportedMediaType",
            "--server-side"),
        refused(
            "a strategic merge patch with a directive",
            new ApiRequest(
                "PATCH",
                "/api/v1/namespaces/ml/pods/p",
                "application/strategic-merge-patch+json",
                "{\"spec\":{\"$setElementOrder/containers\":[{\"name\":\"a\"}]}}"),
            415,
            "UnsupportedMediaType",
            "$setElementOrder/containers"),
        refused(
            "dryRun in a delete's DeleteOptions, which would delete for real",
            new ApiRequest(
                "DELETE",
                "/api/v1/namespaces/ml",
                "application/json",
                "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"dryRun\":[\"All\"]}"),
            400,
            "BadRequest",
            "DeleteOptions.dryRun"),
        refused(
            "dryRun on an update, which would store the object",
            new ApiRequest(
                "PUT", "/api/v1/namespaces/ml?dryRun=All", "application/json", NAMESPACE),
            400,
            "BadRequest",
            "dryRun"),
        refused(
            "a fieldValidation value the API server does not know",
            new ApiRequest(
                "POST", "/api/v1/namespaces?fieldValidation=Loose", "application/json", NAMESPACE),
            400,
            "BadRequest",
            "\"Loose\""));
  }

  /** Requests the server serves. */
  private static Stream<Case> served() {
    return Stream.of(
        served(
            "a JSON create with fieldValidation=Strict",
            new ApiRequest(
                "POST",
                "/api/v1/namespaces?fieldValidation=Strict",
                "application/json",
                NAMESPACE)),
        served(
            "a YAML create",
            new ApiRequest("POST", "/api/v1/namespaces", "application/yaml", "kind: Namespace\n")),
        served(
            "a strategic merge patch without directives",
            new ApiRequest(
                "PATCH",
                "/api/v1/namespaces/x",
                "application/strategic-merge-patch+json",
                "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}")),
        served(
            "a namespace's status",
            new ApiRequest("PUT", "/api/v1/namespaces/x/status", "application/json", NAMESPACE)),
        served(
            "a custom resource's status",
            new ApiRequest(
                "GET", "/apis/nvidia.com/v1/clusterpolicies/cluster-policy/status", "", "")),
        served(
            "a DELETE with DeleteOptions",
            new ApiRequest("DELETE", "/api/v1/namespaces/ml/pods/p", "application/json", "{}")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("what cannot be served is refused at once with a Status naming it; the rest passes")
  void refusals(Case c) {
    var refusal = new RequestGate().refusal(c.request(), false);
    if (c.code() == 0) {
      assertThat(refusal).isEmpty();
      return;
    }
    assertThat(refusal)
        .hasValueSatisfying(s -> {
          assertThat(s.code()).isEqualTo(c.code());
          assertThat(s.reason()).isEqualTo(c.reason());
          assertThat(s.message()).contains(c.says()).doesNotContain("\n");
        });
  }
}
