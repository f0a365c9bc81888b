package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MergePatchTest {
  private final ObjectMapper json = new ObjectMapper();

  private String apply(String target, String patch) throws Exception {
    JsonNode result = MergePatch.apply(json.readTree(target), json.readTree(patch));
    return json.writeValueAsString(result);
  }

  @Test
  @DisplayName("a list is replaced, not appended to")
  void listsReplace() throws Exception {
    assertThat(
            apply("{\"daemons\":[{\"n\":\"a\"},{\"n\":\"b\"}]}", "{\"daemons\":[{\"n\":\"a\"}]}"))
        .isEqualTo("{\"daemons\":[{\"n\":\"a\"}]}");
  }

  @Test
  @DisplayName("objects merge key by key; a null removes its key")
  void objectsMergeAndNullRemoves() throws Exception {
    assertThat(
            apply(
                "{\"metadata\":{\"labels\":{\"a\":\"1\",\"b\":\"2\"},\"name\":\"x\"}}",
                "{\"metadata\":{\"labels\":{\"b\":null,\"c\":\"3\"}}}"))
        .isEqualTo("{\"metadata\":{\"labels\":{\"a\":\"1\",\"c\":\"3\"},\"name\":\"x\"}}");
  }

  @Test
  @DisplayName("RFC 7386's examples: a scalar replaces an object, an object replaces a scalar")
  void replacesAcrossTypes() throws Exception {
    assertThat(apply("{\"a\":{\"b\":\"c\"}}", "{\"a\":\"x\"}")).isEqualTo("{\"a\":\"x\"}");
    assertThat(apply("{\"a\":\"x\"}", "{\"a\":{\"b\":null,\"c\":\"d\"}}"))
        .isEqualTo("{\"a\":{\"c\":\"d\"}}");
    assertThat(apply("{\"a\":\"b\"}", "[\"c\"]")).isEqualTo("[\"c\"]");
  }
}
