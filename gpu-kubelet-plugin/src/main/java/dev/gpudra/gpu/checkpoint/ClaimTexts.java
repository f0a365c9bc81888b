package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.gpudra.kit.checkpoint.ChecksummedEnvelope;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The checkpoint's {@code claims} object as both texts the envelope needs, each claim rendered once
 * per instance: an update replaces one claim and keeps the others' instances, so an encode renders
 * one claim and copies the rest. Holds the texts of the last call only. Without it, a prepare with
 * 1,000 claims held took 3x as long ({@code docs/benchmarks/prepare.md}, issue 38).
 */
final class ClaimTexts {
  /** Where a claim sits in the file: envelope, data, claims. */
  private static final String CLAIM_INDENT = "\n" + " ".repeat(6);

  private static final byte[] CLOSE = "\n    }".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLOSE_CANONICAL = {'}'};
  private static final byte[] EMPTY = {'{', ' ', '}'};

  private final ObjectMapper mapper;
  private Map<String, Text> last = Map.of(); // guarded by this

  /** One claim's entry in both texts: {@code "uid":{...}} and {@code "uid" : {...}}. */
  private record Text(PreparedClaim claim, byte[] canonical, byte[] indented) {}

  /**
   * @param mapper the envelope's mapper
   */
  ClaimTexts(ObjectMapper mapper) {
    this.mapper = mapper;
  }

  /**
   * The claims object, entries in the map's order: {@link CheckpointV1#claims()} is sorted by UID,
   * the order of both texts.
   */
  synchronized ChecksummedEnvelope.Block render(Map<String, PreparedClaim> claims) {
    Map<String, Text> next = HashMap.newHashMap(claims.size());
    Text[] texts = new Text[claims.size()];
    int i = 0;
    for (Map.Entry<String, PreparedClaim> entry : claims.entrySet()) {
      Text text = last.get(entry.getKey());
      if (text == null || text.claim() != entry.getValue()) {
        text = text(entry.getKey(), entry.getValue());
      }
      next.put(entry.getKey(), text);
      texts[i++] = text;
    }
    last = next;
    if (texts.length == 0) {
      return new ChecksummedEnvelope.Block("claims", new byte[] {'{', '}'}, EMPTY);
    }
    return new ChecksummedEnvelope.Block(
        "claims",
        join(texts, Text::canonical, CLOSE_CANONICAL),
        join(texts, Text::indented, CLOSE));
  }

  /** <code>{a,b,...close</code> in one array (a copy of 500 KB costs less than growing one). */
  private static byte[] join(Text[] texts, Function<Text, byte[]> part, byte[] close) {
    int size = texts.length + close.length;
    for (Text text : texts) {
      size += part.apply(text).length;
    }
    byte[] out = new byte[size];
    out[0] = '{';
    int at = 1;
    for (int i = 0; i < texts.length; i++) {
      if (i > 0) {
        out[at++] = ',';
      }
      byte[] bytes = part.apply(texts[i]);
      System.arraycopy(bytes, 0, out, at, bytes.length);
      at += bytes.length;
    }
    System.arraycopy(close, 0, out, at, close.length);
    return out;
  }

  private Text text(String uid, PreparedClaim claim) {
    try {
      JsonNode tree = mapper.valueToTree(claim);
      byte[] key = ChecksummedEnvelope.canonical(TextNode.valueOf(uid));
      byte[] value = ChecksummedEnvelope.canonical(tree);
      byte[] canonical = new byte[key.length + 1 + value.length];
      System.arraycopy(key, 0, canonical, 0, key.length);
      canonical[key.length] = ':';
      System.arraycopy(value, 0, canonical, key.length + 1, value.length);
      // the file's UTF-8 output escapes what a string's does not (characters outside the BMP)
      String indented =
          CLAIM_INDENT
              + new String(mapper.writeValueAsBytes(uid), StandardCharsets.UTF_8)
              + " : "
              + new String(mapper.writeValueAsBytes(tree), StandardCharsets.UTF_8)
                  .replace("\n", CLAIM_INDENT);
      return new Text(claim, canonical, indented.getBytes(StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render claim " + uid, e);
    }
  }
}
