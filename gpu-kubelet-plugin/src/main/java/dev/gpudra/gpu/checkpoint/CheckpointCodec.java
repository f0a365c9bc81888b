package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Turns checkpoints into envelope bytes and back. NVIDIA's plugin's checkpoint at the same path is
 * read too ({@link NvidiaCheckpoint}); the next write replaces it with ours. Reading our envelope
 * dispatches on {@code version}: every older version is migrated step by step up to the current
 * record type, so the rest of the plugin only ever sees {@link CheckpointV1} (today the only
 * version).
 */
public final class CheckpointCodec {
  private final ObjectMapper mapper =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();

  public byte[] encode(CheckpointV1 checkpoint) {
    JsonNode data = mapper.valueToTree(checkpoint);
    ObjectNode envelope = mapper.createObjectNode();
    envelope.put("version", CheckpointV1.VERSION);
    envelope.put("checksum", checksum(data));
    envelope.set("data", data);
    try {
      return mapper.writeValueAsBytes(envelope);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render checkpoint", e);
    }
  }

  /**
   * @throws CorruptCheckpointException when the bytes are not a verifiable checkpoint
   */
  public CheckpointV1 decode(byte[] bytes) {
    JsonNode envelope;
    try {
      envelope = mapper.readTree(bytes);
    } catch (IOException e) {
      throw new CorruptCheckpointException("not JSON: " + e.getMessage(), e);
    }
    if (envelope != null && NvidiaCheckpoint.matches(envelope)) {
      return NvidiaCheckpoint.read(envelope);
    }
    if (envelope == null || !envelope.path("data").isObject()) {
      throw new CorruptCheckpointException("no data object");
    }
    JsonNode data = envelope.get("data");
    String expected = envelope.path("checksum").asText("");
    String actual = checksum(data);
    if (!actual.equals(expected)) {
      throw new CorruptCheckpointException(
          "checksum mismatch: file says " + expected + ", data hashes to " + actual);
    }
    return upgrade(envelope.path("version").asInt(-1), data);
  }

  /** The migration hook: one case per version ever written. */
  private CheckpointV1 upgrade(int version, JsonNode data) {
    return switch (version) {
      case CheckpointV1.VERSION -> readV1(data);
      default -> throw unreadableVersion(version);
    };
  }

  private static CorruptCheckpointException unreadableVersion(int version) {
    if (version > CheckpointV1.VERSION) {
      return new UnsupportedCheckpointVersionException(
          "checkpoint version "
              + version
              + " was written by a newer gpu-dra (this build reads "
              + CheckpointV1.VERSION
              + ")");
    }
    return new CorruptCheckpointException("unknown checkpoint version " + version);
  }

  private CheckpointV1 readV1(JsonNode data) {
    try {
      return mapper.treeToValue(data, CheckpointV1.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new CorruptCheckpointException("invalid version 1 data: " + e.getMessage(), e);
    }
  }

  /** SHA-256, hex, over the canonical rendering of the data tree. */
  static String checksum(JsonNode data) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] digest = sha.digest(CanonicalJson.render(data).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }
}
