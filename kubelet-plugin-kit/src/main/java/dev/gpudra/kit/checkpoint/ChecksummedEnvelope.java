package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.kit.digest.Sha256;
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

  /**
   * From this size of canonical text on (about 200 claims of one GPU), checksums use libcrypto's
   * SHA-256. Below it the JDK's costs under 0.7 ms even on the C1-only JVM, and loading libcrypto
   * would cost more than it saves for the common small checkpoint: about 4 MiB of RSS (its
   * relocated pages) and 20-30 ms once.
   */
  static final int NATIVE_SHA_FROM_BYTES = 64 * 1024;

  private final Sha256 jdkSha = Sha256.jdk();
  // loaded at the first large checksum
  private volatile Sha256 nativeSha;

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
    envelope.put("checksum", hex(CanonicalJson.utf8(data)));
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
    String actual = hex(CanonicalJson.utf8(data));
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

  private String hex(byte[] canonical) {
    if (canonical.length < NATIVE_SHA_FROM_BYTES) {
      return jdkSha.hex(canonical);
    }
    Sha256 loaded = nativeSha;
    if (loaded == null) {
      loaded = Sha256.load(); // two threads may both load it: the same function either way
      nativeSha = loaded;
    }
    return loaded.hex(canonical);
  }

  /** SHA-256, hex, over the canonical rendering of the data tree. */
  public static String checksum(JsonNode data) {
    return Sha256.jdk().hex(CanonicalJson.utf8(data));
  }
}
