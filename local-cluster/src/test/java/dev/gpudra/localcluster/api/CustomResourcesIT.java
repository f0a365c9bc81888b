package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * CRDs as kubectl uses them: created through the API, then their resources served in discovery,
 * OpenAPI v3 and CRUD, with {@code fieldValidation} checked against their schemas.
 */
class CustomResourcesIT {
  private static final String POLICIES = "/apis/nvidia.com/v1/clusterpolicies";

  private final HttpClient http = HttpClient.newHttpClient();
  private final ObjectMapper json = new ObjectMapper();
  private LocalApiServer server;

  @BeforeEach
  void start() {
    server = new LocalApiServer().start();
    ClusterPolicyCrds.all().forEach(crd -> server.client().resource(crd).create());
    ComputeDomainCrds.all().forEach(crd -> server.client().resource(crd).create());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private HttpResponse<String> send(String method, String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String policy(String name, String spec) {
    return "{\"apiVersion\":\"nvidia.com/v1\",\"kind\":\"ClusterPolicy\",\"metadata\":{\"name\":\""
        + name
        + "\"},\"spec\":"
        + spec
        + "}";
  }

  @Test
  @DisplayName(
      "fieldValidation=Strict refuses a field the CRD's schema lacks, naming it; Warn warns")
  void strictAndWarn() throws Exception {
    String typo = policy("typo", "{\"driver\":{\"enabled\":true,\"enabeld\":false}}");
    HttpResponse<String> strict = send("POST", POLICIES + "?fieldValidation=Strict", typo);
    assertThat(strict.statusCode()).isEqualTo(400);
    assertThat(json.readTree(strict.body()).path("message").asText())
        .isEqualTo(
            "ClusterPolicy typo: strict decoding error: unknown field \"spec.driver.enabeld\"");
    assertThat(send("GET", POLICIES + "/typo", "").statusCode()).isEqualTo(404);

    HttpResponse<String> warn = send("POST", POLICIES + "?fieldValidation=Warn", typo);
    assertThat(warn.statusCode()).isEqualTo(201);
    assertThat(warn.headers().allValues("Warning"))
        .containsExactly("299 - \"unknown field \\\"spec.driver.enabeld\\\"\"");

    String good = policy("good", "{\"driver\":{\"enabled\":true}}");
    assertThat(send("POST", POLICIES + "?fieldValidation=Strict", good).statusCode())
        .isEqualTo(201);
  }

  @Test
  @DisplayName("Strict refuses an object of a kind no CRD serves: it cannot be checked")
  void strictWithoutSchema() throws Exception {
    String widget =
        "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w\"}}";
    HttpResponse<String> response =
        send("POST", "/apis/example.com/v1/widgets?fieldValidation=Strict", widget);
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("cannot be checked");
  }

  @Test
  @DisplayName("OpenAPI v3 lists each CRD's group version; its patch takes fieldValidation")
  void openApi() throws Exception {
    JsonNode root = json.readTree(send("GET", "/openapi/v3", "").body());
    String url = root.path("paths").path("apis/nvidia.com/v1").path("serverRelativeURL").asText();
    assertThat(url).startsWith("/openapi/v3/apis/nvidia.com/v1?hash=");
    JsonNode document = json.readTree(send("GET", url, "").body());
    JsonNode patch = document.path("paths").path(POLICIES + "/{name}").path("patch");
    assertThat(patch.path("x-kubernetes-group-version-kind").path("kind").asText())
        .isEqualTo("ClusterPolicy");
    assertThat(patch.path("parameters").findValuesAsText("name")).contains("fieldValidation");
    assertThat(
            document
                .path("paths")
                .has("/apis/resource.nvidia.com/v1beta1/namespaces/{namespace}/computedomains"))
        .isFalse();
    JsonNode domains =
        json.readTree(send("GET", "/openapi/v3/apis/resource.nvidia.com/v1beta1", "").body());
    assertThat(
            domains
                .path("paths")
                .has("/apis/resource.nvidia.com/v1beta1/namespaces/{namespace}/computedomains"))
        .isTrue();
  }

  @Test
  @DisplayName("a stored CRD is Established at once, its names accepted")
  void established() {
    var crd =
        server
            .client()
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName("clusterpolicies.nvidia.com")
            .get();
    assertThat(crd.getStatus().getConditions())
        .anySatisfy(c -> {
          assertThat(c.getType()).isEqualTo("Established");
          assertThat(c.getStatus()).isEqualTo("True");
        });
    assertThat(crd.getStatus().getAcceptedNames().getPlural()).isEqualTo("clusterpolicies");
    assertThat(crd.getStatus().getStoredVersions()).containsExactly("v1");
  }

  @Test
  @DisplayName("a deleted CRD's group version leaves discovery and OpenAPI")
  void deleted() throws Exception {
    ClusterPolicyCrds.all().forEach(crd -> server.client().resource(crd).delete());
    assertThat(send("GET", "/apis/nvidia.com/v1", "").statusCode()).isEqualTo(404);
    assertThat(send("GET", "/openapi/v3/apis/nvidia.com/v1", "").statusCode()).isEqualTo(404);
    assertThat(
            json.readTree(send("GET", "/openapi/v3", "").body())
                .path("paths")
                .has("apis/nvidia.com/v1"))
        .isFalse();
  }
}
