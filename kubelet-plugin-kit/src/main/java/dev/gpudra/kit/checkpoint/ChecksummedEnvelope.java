package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.kit.digest.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * gpu-dra's checkpoint codec: the envelope {@code {"version": n, "checksum": "<sha256>", "data":
 * {...}}}, written by Jackson's default pretty printer. The checksum is SHA-256 over the canonical
 * text of {@code data}: keys sorted at every level, no whitespace, as Jackson writes the tree to a
 * string. So a reformatted file still verifies and an edited one does not.
 *
 * <p>A driver that keeps the texts of a large object of {@code data} (its claims) passes them to
 * {@link #seal(int, JsonNode, Block)}: they are spliced in, not rendered again.
 */
public final class ChecksummedEnvelope {
  /**
   * From this size of canonical text on (about 200 claims of one GPU), checksums use libcrypto's
   * SHA-256: the plugin's C1-only JVM has no SHA intrinsic. Below it the JDK's costs under 0.7 ms,
   * and loading libcrypto would cost more than it saves for the common small checkpoint: about 4
   * MiB of RSS and 20-30 ms once.
   */
  static final int NATIVE_SHA_FROM_BYTES = 64 * 1024;

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();
  private static final ObjectWriter CANONICAL =
      MAPPER
          .writer()
          .without(SerializationFeature.INDENT_OUTPUT)
          .with(JsonNodeFeature.WRITE_PROPERTIES_SORTED);

  private final Sha256 jdkSha = Sha256.jdk();
  private volatile Sha256 nativeSha; // loaded at the first large checksum

  /** A verified envelope's content. */
  public record Opened(int version, JsonNode data) {}

  /**
   * An object of {@code data}, rendered by its owner: it replaces the empty object under {@code
   * field}.
   *
   * @param canonical its canonical text, UTF-8
   * @param indented its indented text where it sits, two objects deep, as the file's UTF-8 output
   *     writes it
   */
  public record Block(String field, byte[] canonical, byte[] indented) {}

  /** The mapper that reads and writes the data (unknown properties are ignored). */
  public ObjectMapper mapper() {
    return MAPPER;
  }

  /** Bytes of an envelope around {@code data}, indented. */
  public byte[] seal(int version, JsonNode data) {
    return seal(version, data, null);
  }

  /**
   * Bytes of an envelope around {@code data} with {@code block} in place of its empty object {@code
   * block.field()}: the bytes {@link #seal(int, JsonNode)} writes for the whole tree.
   */
  public byte[] seal(int version, JsonNode data, Block block) {
    byte[] canonical = canonical(data);
    String key = block == null ? "" : quoted(block.field());
    ObjectNode envelope = MAPPER.createObjectNode();
    envelope.put("version", version);
    envelope.put(
        "checksum",
        hex(block == null ? canonical : splice(canonical, key + ":{}", block.canonical())));
    envelope.set("data", data);
    try {
      byte[] indented = MAPPER.writeValueAsBytes(envelope);
      return block == null ? indented : splice(indented, key + " : { }", block.indented());
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
      JsonNode tree = MAPPER.readTree(bytes);
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
    String actual = hex(canonical(data));
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

  /** SHA-256, hex, over the canonical text of the data tree. */
  public static String checksum(JsonNode data) {
    return Sha256.jdk().hex(canonical(data));
  }

  /** The canonical text of a tree, UTF-8: keys sorted, no whitespace. */
  public static byte[] canonical(JsonNode node) {
    try {
      return CANONICAL.writeValueAsString(node).getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render checkpoint", e);
    }
  }

  /** {@code "text"} as both outputs write an ASCII key. */
  private static String quoted(String text) {
    return "\"" + text + "\"";
  }

  /**
   * {@code text} with the empty object ending the first {@code marker} replaced by {@code block}. A
   * key's quotes are never escaped and every quote inside a string is: only a key matches, and the
   * block's field is the first such key in both texts (the owner's data has no other).
   */
  private static byte[] splice(byte[] text, String marker, byte[] block) {
    byte[] find = marker.getBytes(StandardCharsets.US_ASCII);
    int at = indexOf(text, find);
    if (at < 0) {
      throw new IllegalStateException("no " + marker + " in the checkpoint's text");
    }
    int empty = marker.indexOf('{');
    int head = at + empty;
    int tail = at + find.length;
    byte[] out = new byte[head + block.length + text.length - tail];
    System.arraycopy(text, 0, out, 0, head);
    System.arraycopy(block, 0, out, head, block.length);
    System.arraycopy(text, tail, out, head + block.length, text.length - tail);
    return out;
  }

  private static int indexOf(byte[] text, byte[] find) {
    outer:
    for (int i = 0; i + find.length <= text.length; i++) {
      for (int j = 0; j < find.length; j++) {
        if (text[i + j] != find[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
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
}
