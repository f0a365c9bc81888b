package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The canonical rendering as first written (every key and scalar through Jackson's {@code
 * toString}): the definition {@link ChecksummedEnvelope#canonical} must keep matching, since
 * checksums written by earlier builds were computed this way.
 */
final class ReferenceCanonicalJson {
  private ReferenceCanonicalJson() {}

  static String render(JsonNode node) {
    StringBuilder out = new StringBuilder();
    append(node, out);
    return out.toString();
  }

  private static void append(JsonNode node, StringBuilder out) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      out.append('{');
      for (int i = 0; i < names.size(); i++) {
        out.append(i == 0 ? "" : ",").append(TextNode.valueOf(names.get(i))).append(':');
        append(node.get(names.get(i)), out);
      }
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      for (int i = 0; i < node.size(); i++) {
        out.append(i == 0 ? "" : ",");
        append(node.get(i), out);
      }
      out.append(']');
    } else {
      out.append(node);
    }
  }
}
