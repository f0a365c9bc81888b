package dev.gpudra.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DiffTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode pool(String devices) throws JsonProcessingException {
    return JSON.readTree("[{\"spec\": {\"devices\": [" + devices + "]}}]");
  }

  @Test
  @DisplayName("devices are paired by name whatever their order; each differing leaf is one diff")
  void pairsByName() throws JsonProcessingException {
    JsonNode nvidia =
        pool("{\"name\": \"gpu-1\", \"numa\": 0}, {\"name\": \"gpu-0\", \"numa\": 1}");
    JsonNode ours = pool("{\"name\": \"gpu-0\", \"numa\": 1}, {\"name\": \"gpu-1\"}");

    assertThat(Diff.between(nvidia, ours))
        .containsExactly(new Diff("[0].spec.devices[gpu-1].numa", "0", Diff.ABSENT));
  }

  @Test
  @DisplayName("a device only one side has is one diff at its name")
  void missingDevice() throws JsonProcessingException {
    assertThat(Diff.between(pool("{\"name\": \"gpu-0\"}"), pool("")))
        .containsExactly(new Diff("[0].spec.devices[gpu-0]", "{\"name\":\"gpu-0\"}", "absent"));
  }

  @Test
  @DisplayName("an entry explains diffs at its glob path with both values, in its cases only")
  void entries() {
    Differences list =
        new Differences(
            List.of(
                new Differences.Entry(
                    "[0].spec.devices[gpu-*].numa", "0", "absent", List.of("t4"), "a reason")));
    Diff numa = new Diff("[0].spec.devices[gpu-3].numa", "0", "absent");
    Diff other = new Diff("[0].spec.devices[gpu-3].numa", "1", "absent");

    assertThat(list.unexplained("t4", List.of(numa, other))).containsExactly(other);
    assertThat(list.unexplained("h100", List.of(numa))).containsExactly(numa);
    assertThat(list.explaining("t4", List.of(numa))).hasSize(1);
    assertThat(
            list.unexplained(
                "t4", List.of(new Diff("[0].spec.devices[gpu-3].x.numa", "0", "absent"))))
        .as("* stays within one segment")
        .hasSize(1);
  }

  @Test
  @DisplayName("an entry without a reason is refused")
  void reasonRequired() {
    assertThatThrownBy(() -> new Differences.Entry("p", "1", "2", null, " "))
        .hasMessage("differences.yaml: p has no reason");
  }
}
