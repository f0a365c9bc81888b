package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.crds.ClusterPolicyCrds;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The discovery kubectl reads before {@code kubectl get resourceslices,resourceclaims,pods -A}. */
class DiscoveryIT {
  /** kubectl's Accept header for discovery: aggregated first, then plain JSON. */
  private static final String KUBECTL_ACCEPT =
      "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
          + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,"
          + "application/json";

  private static LocalApiServer server;
  private static final HttpClient http = HttpClient.newHttpClient();
  private static final ObjectMapper json = new ObjectMapper();

  @BeforeAll
  static void start() {
    server = new LocalApiServer().start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Accept", KUBECTL_ACCEPT)
            .header("User-Agent", "kubectl/v1.35.8 (linux/amd64) kubernetes/0000000")
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode document(String path) throws Exception {
    HttpResponse<String> response = get(path);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    // plain JSON: what client-go reads as legacy discovery when it asked for aggregated first
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
    return json.readTree(response.body());
  }

  @Test
  @DisplayName("/api and /apis list the core version and every group kubectl's get names")
  void groups() throws Exception {
    JsonNode core = document("/api?timeout=32s");
    assertThat(core.get("kind").asText()).isEqualTo("APIVersions");
    assertThat(core.get("versions").get(0).asText()).isEqualTo("v1");
    JsonNode groups = document("/apis?timeout=32s");
    assertThat(groups.get("kind").asText()).isEqualTo("APIGroupList");
    assertThat(groups.findValuesAsText("groupVersion"))
        .contains("resource.k8s.io/v1", "apps/v1", "apiextensions.k8s.io/v1");
  }

  @Test
  @DisplayName("a CRD's group version is discovered while the CRD is stored, and only then")
  void customResourceDefinitions() throws Exception {
    assertThat(document("/apis").findValuesAsText("groupVersion")).doesNotContain("nvidia.com/v1");
    assertThat(get("/apis/nvidia.com/v1").statusCode()).isEqualTo(404);
    ClusterPolicyCrds.all().forEach(crd -> server.client().resource(crd).create());
    try {
      assertThat(document("/apis").findValuesAsText("groupVersion"))
          .contains("nvidia.com/v1", "nvidia.com/v1alpha1");
      JsonNode policies = resource(document("/apis/nvidia.com/v1"), "clusterpolicies");
      assertThat(policies.get("kind").asText()).isEqualTo("ClusterPolicy");
      assertThat(policies.get("namespaced").asBoolean()).isFalse();
    } finally {
      ClusterPolicyCrds.all().forEach(crd -> server.client().resource(crd).delete());
    }
    assertThat(get("/apis/nvidia.com/v1").statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("each group version lists its resources with scope, kind and verbs")
  void resourceLists() throws Exception {
    JsonNode dra = document("/apis/resource.k8s.io/v1?timeout=32s");
    assertThat(dra.get("groupVersion").asText()).isEqualTo("resource.k8s.io/v1");
    assertThat(resource(dra, "resourceslices").get("namespaced").asBoolean()).isFalse();
    assertThat(resource(dra, "resourceclaims").get("namespaced").asBoolean()).isTrue();
    assertThat(resource(dra, "resourceclaims").get("verbs").toString())
        .contains("\"list\"")
        .contains("\"watch\"");
    JsonNode core = document("/api/v1");
    assertThat(resource(core, "pods").get("kind").asText()).isEqualTo("Pod");
    assertThat(resource(core, "pods").get("shortNames").toString()).contains("po");
    assertThat(get("/apis/no.such.group/v1").statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("/version says which Kubernetes the server speaks")
  void version() throws Exception {
    assertThat(document("/version?timeout=32s").get("gitVersion").asText())
        .isEqualTo(Discovery.KUBERNETES_VERSION);
  }

  @Test
  @DisplayName(
      "a discovery-driven client lists slices across the cluster and pods in all namespaces")
  void genericClient() {
    server
        .client()
        .resource(
            new ResourceSliceBuilder()
                .withNewMetadata()
                .withName("node-a-gpu.nvidia.com-x")
                .endMetadata()
                .withNewSpec()
                .withDriver("gpu.nvidia.com")
                .withNodeName("node-a")
                .withNewPool()
                .withName("node-a")
                .withGeneration(1L)
                .withResourceSliceCount(1L)
                .endPool()
                .endSpec()
                .build())
        .create();
    List<APIResource> resources =
        server.client().getApiResources("resource.k8s.io/v1").getResources();
    assertThat(resources).extracting(APIResource::getName).contains("resourceslices");
    List<GenericKubernetesResource> slices =
        server
            .client()
            .genericKubernetesResources("resource.k8s.io/v1", "ResourceSlice")
            .list()
            .getItems();
    assertThat(slices)
        .extracting(s -> s.getMetadata().getName())
        .contains("node-a-gpu.nvidia.com-x");
    assertThat(server.client().pods().inAnyNamespace().list().getItems()).isEmpty();
  }

  private static JsonNode resource(JsonNode list, String name) {
    for (JsonNode r : list.get("resources")) {
      if (r.get("name").asText().equals(name)) {
        return r;
      }
    }
    throw new AssertionError(name + " not in " + list);
  }
}
