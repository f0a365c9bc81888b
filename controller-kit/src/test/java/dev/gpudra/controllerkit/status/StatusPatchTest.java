package dev.gpudra.controllerkit.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class StatusPatchTest {
  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  /** One form and what it sends. */
  record Case(String name, StatusPatch patch, PatchType type, String body) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> forms() {
    return Stream.of(
        new Case(
            "REPLACE: one JSON Patch add of /status",
            StatusPatch.REPLACE,
            PatchType.JSON,
            "[{\"op\":\"add\",\"path\":\"/status\",\"value\":{\"state\":\"ready\"}}]"),
        new Case(
            "MERGE: a merge patch of status alone",
            StatusPatch.MERGE,
            PatchType.JSON_MERGE,
            "{\"status\":{\"state\":\"ready\"}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forms")
  @DisplayName("each form sends the status, and nothing else, as its patch type")
  void forms(Case c) {
    assertThat(JSON.unmarshal(c.patch().body(JSON, Map.of("state", "ready")), Object.class))
        .isEqualTo(JSON.unmarshal(c.body(), Object.class));
    assertThat(c.patch().context().getPatchType()).isEqualTo(c.type());
  }
}
