package dev.gpudra.kit.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MetadataJsonTest {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  @Test
  @DisplayName("the stream is byte for byte what Kubernetes' v0.37.2 metadata encoders write")
  void matchesGoEncoder() throws IOException {
    try (InputStream golden = getClass().getResourceAsStream("go-encoded-stream.json")) {
      assertThat(new String(MetadataJson.stream(MetadataSamples.golden()), StandardCharsets.UTF_8))
          .isEqualTo(new String(golden.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  @DisplayName("one object per version, newest first, each with every field of the format")
  void fields() throws IOException {
    List<JsonNode> objects = objects(MetadataJson.stream(MetadataSamples.golden()));

    assertThat(objects)
        .extracting(o -> o.get("apiVersion").asText())
        .containsExactly("metadata.resource.k8s.io/v1beta1", "metadata.resource.k8s.io/v1alpha1");
    JsonNode first = objects.getFirst();
    assertThat(first.get("kind").asText()).isEqualTo("DeviceMetadata");
    assertThat(first.get("metadata").get("name").asText()).isEqualTo("train");
    assertThat(first.get("metadata").get("namespace").asText()).isEqualTo("default");
    assertThat(first.get("metadata").get("uid").asText()).isEqualTo("0b5c6d1e-uid");
    assertThat(first.get("metadata").get("generation").asLong()).isEqualTo(1);
    assertThat(first.get("podClaimName").asText()).isEqualTo("gpu-claim");
    JsonNode request = first.get("requests").get(0);
    assertThat(request.get("name").asText()).isEqualTo("gpu/sub0");
    JsonNode device = request.get("devices").get(0);
    assertThat(device.get("driver").asText()).isEqualTo("gpu.nvidia.com");
    assertThat(device.get("pool").asText()).isEqualTo("node-a");
    assertThat(device.get("name").asText()).isEqualTo("gpu-3");
    assertThat(device.get("attributes").get("index").get("int").asLong()).isEqualTo(3);
    assertThat(
            device.get("attributes").get("resource.kubernetes.io/pciBusID").get("string").asText())
        .isEqualTo("0000:1b:00.0");
    assertThat(device.get("attributes").get("uuid").get("string").asText())
        .isEqualTo("GPU-<a&b>\u2028\"q\"\\\t\u0001");
    assertThat(request.get("devices").get(1).has("attributes")).isFalse();
    for (String field : List.of("kind", "metadata", "podClaimName", "requests")) {
      assertThat(objects.get(1).get(field)).as(field).isEqualTo(first.get(field));
    }
  }

  @Test
  @DisplayName("a claim not made from a template has no podClaimName")
  void noPodClaimName() throws IOException {
    JsonNode first =
        objects(MetadataJson.stream(MetadataSamples.simple(MetadataSamples.CLAIM, "gpu", "gpu-0")))
            .getFirst();

    assertThat(first.has("podClaimName")).isFalse();
    assertThat(first.get("requests").get(0).get("name").asText()).isEqualTo("gpu");
  }

  @Test
  @DisplayName("metadata.generation starts at 1")
  void generation() {
    assertThatThrownBy(
            () -> new DeviceMetadata(MetadataSamples.CLAIM, Optional.empty(), 0, "gpu", List.of()))
        .hasMessageContaining("metadata.generation must be at least 1");
  }

  private static List<JsonNode> objects(byte[] stream) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    try (var parser = JSON.createParser(stream)) {
      var it = JSON.readValues(parser, JsonNode.class);
      while (it.hasNext()) {
        out.add(it.next());
      }
    }
    return out;
  }
}
