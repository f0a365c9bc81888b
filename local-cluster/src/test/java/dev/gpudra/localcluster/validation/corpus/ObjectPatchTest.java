package dev.gpudra.localcluster.validation.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ObjectPatchTest {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final String BASE = "{spec: {driver: a, devices: [{name: d0}, {name: d1}]}}";

  record Case(String name, String ops, String expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "replace a list item's field",
            "[{op: replace, path: /spec/devices/1/name, value: x}]",
            "{spec: {driver: a, devices: [{name: d0}, {name: x}]}}"),
        new Case(
            "add inserts into a list; - appends",
            "[{op: add, path: /spec/devices/0, value: {name: n}},"
                + " {op: add, path: /spec/devices/-, value: {name: z}}]",
            "{spec: {driver: a, devices: [{name: n}, {name: d0}, {name: d1}, {name: z}]}}"),
        new Case(
            "remove a field and a list item",
            "[{op: remove, path: /spec/driver}, {op: remove, path: /spec/devices/0}]",
            "{spec: {devices: [{name: d1}]}}"),
        new Case(
            "from copies a value; repeat makes a list of copies",
            "[{op: replace, path: /spec/devices, from: /spec/devices/1, repeat: 3}]",
            "{spec: {driver: a, devices: [{name: d1}, {name: d1}, {name: d1}]}}"),
        new Case(
            "repeat makes a string longer; ~1 is a slash in a key",
            "[{op: add, path: /spec/a~1b, value: xy, repeat: 3}]",
            "{spec: {driver: a, devices: [{name: d0}, {name: d1}], a/b: xyxyxy}}"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("JSON Patch add, replace and remove, with from and repeat, on a copy")
  void applies(Case c) throws Exception {
    JsonNode base = YAML.readTree(BASE);

    JsonNode patched = ObjectPatch.apply(base, YAML.readTree(c.ops()), "t");

    assertThat(patched).isEqualTo(YAML.readTree(c.expected()));
    assertThat(base).isEqualTo(YAML.readTree(BASE));
  }

  @Test
  @DisplayName("a bad op names the case and the path")
  void badOpsFail() throws Exception {
    JsonNode base = YAML.readTree(BASE);

    assertThatThrownBy(
            () -> ObjectPatch.apply(base, YAML.readTree("[{op: move, path: /spec/a}]"), "f 'c'"))
        .hasMessage("f 'c': unknown patch op 'move'");
    assertThatThrownBy(
            () -> ObjectPatch.apply(base, YAML.readTree("[{op: remove, path: /spec/x}]"), "f 'c'"))
        .hasMessage("f 'c' /spec/x: nothing to remove");
    assertThatThrownBy(
            () -> ObjectPatch.apply(base, YAML.readTree("[{op: add, path: /spec/x}]"), "f 'c'"))
        .hasMessage("f 'c': a patch op needs a value or from");
  }
}
