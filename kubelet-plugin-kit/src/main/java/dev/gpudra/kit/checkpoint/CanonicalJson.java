package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;
import java.nio.charset.StandardCharsets;
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
    Output out = new Output();
    append(node, out);
    return new String(out.utf8(), StandardCharsets.UTF_8);
  }

  /** The canonical text in UTF-8: fragments' bytes are copied, not re-encoded. */
  static byte[] utf8(JsonNode node) {
    Output out = new Output();
    append(node, out);
    return out.utf8();
  }

  /**
   * Text as it is built, and the UTF-8 of what came before it as chunks: fragments' bytes are
   * referenced, not copied, until the one copy into the result.
   */
  private static final class Output {
    final StringBuilder text = new StringBuilder();
    final List<byte[]> chunks = new ArrayList<>();
    int size;

    void fragment(JsonFragment fragment) {
      flush();
      chunk(fragment.canonicalUtf8());
    }

    void fragments(FragmentMap map) {
      flush();
      map.canonicalChunks(this::chunk);
    }

    byte[] utf8() {
      flush();
      byte[] out = new byte[size];
      int at = 0;
      for (byte[] chunk : chunks) {
        System.arraycopy(chunk, 0, out, at, chunk.length);
        at += chunk.length;
      }
      return out;
    }

    private void chunk(byte[] bytes) {
      chunks.add(bytes);
      size += bytes.length;
    }

    private void flush() {
      if (!text.isEmpty()) {
        chunk(text.toString().getBytes(StandardCharsets.UTF_8));
        text.setLength(0);
      }
    }
  }

  private static void append(JsonNode node, Output output) {
    StringBuilder out = output.text;
    if (node.isObject()) {
      List<String> names = new ArrayList<>(node.size());
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      out.append('{');
      for (int i = 0; i < names.size(); i++) {
        quote(names.get(i), out.append(i == 0 ? "" : ",")).append(':');
        append(node.get(names.get(i)), output);
      }
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      Iterator<JsonNode> elements = node.elements();
      for (int i = 0; elements.hasNext(); i++) {
        out.append(i == 0 ? "" : ",");
        append(elements.next(), output);
      }
      out.append(']');
    } else if (node instanceof POJONode pojo && pojo.getPojo() instanceof JsonFragment f) {
      output.fragment(f);
    } else if (node instanceof POJONode pojo && pojo.getPojo() instanceof FragmentMap map) {
      output.fragments(map);
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
    } else {
      out.append(node);
    }
  }

  /** {@code "key":} in UTF-8, as an object's key is rendered here. */
  static byte[] keyUtf8(String key) {
    return quote(key, new StringBuilder()).append(':').toString().getBytes(StandardCharsets.UTF_8);
  }

  /** A JSON string literal, escaped as Jackson's generator escapes by default. */
  private static StringBuilder quote(String text, StringBuilder out) {
    out.append('"');
    JsonStringEncoder.getInstance().quoteAsString(text, out);
    return out.append('"');
  }
}
