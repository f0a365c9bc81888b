package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * gpu-dra's checkpoint envelope, {@code {"version": n, "checksum": "<sha256>", "data": {...}}}: the
 * checksum is SHA-256 over the canonical rendering of {@code data}, so a reformatted file still
 * verifies and an edited one does not. Sealing is O(changed values) rendering plus O(size) copying
 * and hashing when {@code data} holds the fragments of a {@link #fragmentCache()}.
 */
public final class ChecksummedEnvelope {
  private final ObjectMapper mapper =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();
  private final Sha256 sha = Sha256.load();

  /** A verified envelope's content. */
  public record Opened(int version, JsonNode data) {}

  /** The mapper that reads and writes the data trees (unknown properties are ignored). */
  public ObjectMapper mapper() {
    return mapper;
  }

  /**
   * A cache that renders a checkpoint's map of immutable values into fragments of {@code data} (see
   * {@link FragmentCache}); the values render as {@code mapper().valueToTree} renders them. Use one
   * per checkpoint file.
   */
  public <V> FragmentCache<V> fragmentCache() {
    return new FragmentCache<>(mapper::valueToTree, mapper.writer());
  }

  /**
   * Bytes of an envelope around {@code data}, indented; {@link JsonFragment}s in {@code data} are
   * hashed and written from their cached text.
   */
  public byte[] seal(int version, JsonNode data) {
    ObjectNode envelope = mapper.createObjectNode();
    envelope.put("version", version);
    envelope.put("checksum", sha.hex(CanonicalJson.utf8(data)));
    envelope.set("data", data);
    try {
      return mapper.writeValueAsBytes(envelope);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render checkpoint", e);
    }
  }

  /**
   * The bytes as a JSON tree.
   *
   * @throws CorruptCheckpointException when they are not JSON
   */
  public JsonNode parse(byte[] bytes) {
    try {
      JsonNode tree = mapper.readTree(bytes);
      if (tree == null) {
        throw new CorruptCheckpointException("empty file");
      }
      return tree;
    } catch (IOException e) {
      throw new CorruptCheckpointException("not JSON: " + e.getMessage(), e);
    }
  }

  /**
   * @throws CorruptCheckpointException when there is no data object or the checksum mismatches
   */
  public Opened open(JsonNode envelope) {
    if (!envelope.path("data").isObject()) {
      throw new CorruptCheckpointException("no data object");
    }
    JsonNode data = envelope.get("data");
    String expected = envelope.path("checksum").asText("");
    String actual = sha.hex(CanonicalJson.utf8(data));
    if (!actual.equals(expected)) {
      throw new CorruptCheckpointException(
          "checksum mismatch: file says " + expected + ", data hashes to " + actual);
    }
    return new Opened(envelope.path("version").asInt(-1), data);
  }

  /**
   * The error for a version this build cannot read: newer ones need a newer gpu-dra, others are
   * corruption.
   */
  public static CorruptCheckpointException unreadableVersion(int version, int current) {
    if (version > current) {
      return new UnsupportedCheckpointVersionException(
          "checkpoint version "
              + version
              + " was written by a newer gpu-dra (this build reads "
              + current
              + ")");
    }
    return new CorruptCheckpointException("unknown checkpoint version " + version);
  }

  /** SHA-256, hex, over the canonical rendering of the data tree. */
  public static String checksum(JsonNode data) {
    return Sha256.jdk().hex(CanonicalJson.utf8(data));
  }
}
