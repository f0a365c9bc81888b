package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.POJONode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A JSON value rendered once in both forms a checkpoint needs: its canonical text (what the
 * checksum covers) and its indented text (what the file holds). Placed in a tree through {@link
 * #node()}, it is hashed by {@link ChecksummedEnvelope#checksum} and written by the envelope's
 * mapper as exactly the text Jackson would have rendered for the value at that place, so a
 * checkpoint re-encoded after one change renders only what changed.
 */
public final class JsonFragment implements JsonSerializable {
  private final byte[] canonical;
  // The indented text for the depth (enclosing objects) it was last written at; Jackson's default
  // pretty printer indents two spaces per enclosing object and none for its one-line arrays. A
  // SerializedString keeps its UTF-8 bytes once written: later writes copy them.
  private volatile Indented indented;

  private record Indented(int depth, SerializedString text) {}

  private JsonFragment(String canonical, String indented) {
    this.canonical = canonical.getBytes(StandardCharsets.UTF_8);
    this.indented = new Indented(0, new SerializedString(indented));
  }

  /**
   * @param pretty the writer of the envelope's mapper (with its pretty printer)
   */
  static JsonFragment of(JsonNode tree, ObjectWriter pretty) {
    try {
      // bytes, as the envelope is written: Jackson's UTF-8 output escapes what its String output
      // does not (characters outside the BMP), and the fragment is copied into the UTF-8 output
      String indented = new String(pretty.writeValueAsBytes(tree), StandardCharsets.UTF_8);
      return new JsonFragment(CanonicalJson.render(tree), indented);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render a checkpoint value", e);
    }
  }

  /** The fragment as a tree node, to place in the data tree that is sealed. */
  public JsonNode node() {
    return new POJONode(this);
  }

  /** The canonical text ({@link CanonicalJson}) in UTF-8; not to be modified. */
  byte[] canonicalUtf8() {
    return canonical;
  }

  @Override
  public void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
    if (gen.getPrettyPrinter() == null) {
      // the same value; key order is not what Jackson would write
      gen.writeRawValue(new String(canonical, StandardCharsets.UTF_8));
    } else {
      gen.writeRawValue(indentedAt(objectDepth(gen.getOutputContext())));
    }
  }

  @Override
  public void serializeWithType(
      JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
      throws IOException {
    serialize(gen, serializers);
  }

  private SerializedString indentedAt(int depth) {
    Indented current = indented;
    if (current.depth() != depth) {
      String text =
          current
              .text()
              .getValue()
              .replace("\n" + "  ".repeat(current.depth()), "\n" + "  ".repeat(depth));
      current = new Indented(depth, new SerializedString(text));
      indented = current;
    }
    return current.text();
  }

  /** The indented text where {@code depth} objects enclose the value, UTF-8; not to be modified. */
  byte[] indentedUtf8At(int depth) {
    return indentedAt(depth).asUnquotedUTF8();
  }

  /** How many objects enclose a value written in {@code context}. */
  static int objectDepth(JsonStreamContext context) {
    int depth = 0;
    for (JsonStreamContext c = context; c != null; c = c.getParent()) {
      depth += c.inObject() ? 1 : 0;
    }
    return depth;
  }

  @Override
  public String toString() {
    return new String(canonical, StandardCharsets.UTF_8);
  }
}
