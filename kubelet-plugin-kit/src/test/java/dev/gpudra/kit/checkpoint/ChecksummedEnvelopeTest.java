package dev.gpudra.kit.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ChecksummedEnvelopeTest {
  final ChecksummedEnvelope envelope = new ChecksummedEnvelope();

  static LongStream seeds() {
    return LongStream.range(0, 300);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  @DisplayName(
      "the checksum is SHA-256 over the canonical text earlier builds hashed, for any tree, and a"
          + " sealed tree opens to itself")
  void checksumIsTheFirstDefinition(long seed) throws Exception {
    ObjectNode data = new RandomJson(seed).object(4);
    byte[] reference = ReferenceCanonicalJson.render(data).getBytes(StandardCharsets.UTF_8);
    String expected =
        HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(reference));

    assertThat(ChecksummedEnvelope.checksum(data)).isEqualTo(expected);
    byte[] sealed = envelope.seal(3, data);
    assertThat(envelope.parse(sealed).get("checksum").asText()).isEqualTo(expected);
    assertThat(envelope.open(envelope.parse(sealed)))
        .isEqualTo(new ChecksummedEnvelope.Opened(3, data));
  }

  @Test
  @DisplayName("an envelope reformatted on one line with its keys reordered still opens")
  void reformattedOpens() {
    ObjectNode data = envelope.mapper().createObjectNode().put("b", "x").put("a", 1);
    String compact =
        "{\"data\":{\"a\":1,\"b\":\"x\"},\"checksum\":\""
            + ChecksummedEnvelope.checksum(data)
            + "\",\"version\":1}";

    JsonNode opened =
        envelope.open(envelope.parse(compact.getBytes(StandardCharsets.UTF_8))).data();

    assertThat(opened).isEqualTo(data);
  }

  @Test
  @DisplayName("an edited value fails the checksum, naming both sums")
  void editFailsChecksum() {
    ObjectNode data = envelope.mapper().createObjectNode().put("state", "PrepareStarted");
    String edited =
        new String(envelope.seal(1, data), StandardCharsets.UTF_8)
            .replace("PrepareStarted", "PrepareCompleted");

    assertThatThrownBy(() -> envelope.open(envelope.parse(edited.getBytes(StandardCharsets.UTF_8))))
        .isInstanceOf(CorruptCheckpointException.class)
        .hasMessageContaining("checksum mismatch: file says " + ChecksummedEnvelope.checksum(data));
  }
}
