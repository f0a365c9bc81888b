package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * A ResourceClaim status reduced to a SHA-256: what NVIDIA's plugin compares semantically (the
 * whole status) to tell a stale retry of an aborted prepare from a new allocation. Nulls and empty
 * lists and objects are dropped and keys sorted first, so Go's and fabric8's renderings of the same
 * status agree.
 */
public final class StatusDigest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private StatusDigest() {}

  /** The digest of a status as JSON; empty for a missing or empty status. */
  public static String of(JsonNode status) {
    JsonNode normal = normalize(status);
    if (normal == null) {
      return "";
    }
    try {
      byte[] bytes = MAPPER.writeValueAsBytes(normal);
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
          .substring(0, 32);
    } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot digest a claim status", e);
    }
  }

  /** The digest of a fabric8 status (or any Jackson-mapped value). */
  public static String ofValue(Object status) {
    return status == null ? "" : of(MAPPER.valueToTree(status));
  }

  private static JsonNode normalize(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    if (node.isObject()) {
      Map<String, JsonNode> sorted = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        JsonNode value = normalize(field.getValue());
        if (value != null) {
          sorted.put(field.getKey(), value);
        }
      }
      if (sorted.isEmpty()) {
        return null;
      }
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      sorted.forEach(out::set);
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      node.forEach(e -> {
        JsonNode value = normalize(e);
        out.add(value == null ? JsonNodeFactory.instance.nullNode() : value);
      });
      return out.isEmpty() ? null : out;
    }
    return node;
  }
}
