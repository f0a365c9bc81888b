package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ProtobufNamespaceTest {
  /** What kubectl v1.35.8 sent for {@code kubectl create namespace x} (its -v=8 dump). */
  private static final String KUBECTL_CREATE_NAMESPACE_X =
      "6b387300"
          + "0a0f0a0276311209"
          + "4e616d657370616365"
          + "12190a110a017812001a00"
          + "22002a0032003800420012001a020a00"
          + "1a002200";

  @Test
  @DisplayName("kubectl create namespace's protobuf body reads as the Namespace it names")
  void kubectlCreateNamespace() {
    assertThat(new ProtobufNamespace().toJson(bytes(KUBECTL_CREATE_NAMESPACE_X)))
        .isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"x\"}}");
  }

  @Test
  @DisplayName("labels, annotations and finalizers are read")
  void maps() {
    // metadata{name "y", labels{a: b}, annotations{c: d}}, spec{finalizers ["kubernetes"]}
    String raw =
        "0a13"
            + "0a0179"
            + "5a060a0161120162"
            + "62060a0163120164"
            + "120c0a0a6b756265726e65746573";
    String unknown = "0a0f0a0276311209" + "4e616d657370616365" + "12" + length(raw) + raw;
    assertThat(new ProtobufNamespace().toJson(bytes("6b387300" + unknown)))
        .isEqualTo(
            "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"y\","
                + "\"labels\":{\"a\":\"b\"},\"annotations\":{\"c\":\"d\"}},"
                + "\"spec\":{\"finalizers\":[\"kubernetes\"]}}");
  }

  record Refused(String name, String hex, String says) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Refused> refused() {
    return Stream.of(
        new Refused("no magic", "0a00", "magic"),
        new Refused(
            "a ConfigMap",
            "6b387300" + "0a0f0a027631120943" + "6f6e6669674d6170" + "1200",
            "not v1 ConfigMap"),
        new Refused(
            "a uid set by the client (ObjectMeta field 5)",
            "6b387300" + "0a0f0a0276311209" + "4e616d657370616365" + "12070a052a03616263",
            "field 5 of ObjectMeta"),
        new Refused(
            "a field running past the end",
            "6b387300" + "0a0f0a0276311209" + "4e616d657370616365" + "1264",
            "past the message's end"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  @DisplayName("what is not read is refused, naming it, never dropped")
  void refusals(Refused c) {
    assertThatThrownBy(() -> new ProtobufNamespace().toJson(bytes(c.hex())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(c.says());
  }

  private static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  private static String length(String hex) {
    return HexFormat.of().toHexDigits((byte) (hex.length() / 2));
  }
}
