package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One fixed text for a JSON tree: object keys sorted, no whitespace, scalars as Jackson prints
 * them. Two documents that parse to the same tree render the same, whatever their formatting. A
 * {@link JsonFragment} in the tree contributes the canonical text it was rendered with.
 */
final class CanonicalJson {
  private CanonicalJson() {}

  static String render(JsonNode node) {
    StringBuilder out = new StringBuilder();
    append(node, out);
    return out.toString();
  }

  private static void append(JsonNode node, StringBuilder out) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>(node.size());
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      out.append('{');
      for (int i = 0; i < names.size(); i++) {
        quote(names.get(i), out.append(i == 0 ? "" : ",")).append(':');
        append(node.get(names.get(i)), out);
      }
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      Iterator<JsonNode> elements = node.elements();
      for (int i = 0; elements.hasNext(); i++) {
        append(elements.next(), out.append(i == 0 ? "" : ","));
      }
      out.append(']');
    } else {
      appendScalar(node, out);
    }
  }

  /**
   * Strings, integers, booleans and null as Jackson's generator writes them, without a generator
   * per value; anything else through Jackson ({@code toString}).
   */
  private static void appendScalar(JsonNode node, StringBuilder out) {
    if (node.isTextual()) {
      quote(node.textValue(), out);
    } else if (node.isInt() || node.isLong() || node.isBoolean() || node.isNull()) {
      out.append(node.asText());
    } else if (node instanceof POJONode pojo && pojo.getPojo() instanceof JsonFragment f) {
      out.append(f.canonical());
    } else {
      out.append(node);
    }
  }

  /** A JSON string literal, escaped as Jackson's generator escapes by default. */
  private static StringBuilder quote(String text, StringBuilder out) {
    out.append('"');
    JsonStringEncoder.getInstance().quoteAsString(text, out);
    return out.append('"');
  }
}
