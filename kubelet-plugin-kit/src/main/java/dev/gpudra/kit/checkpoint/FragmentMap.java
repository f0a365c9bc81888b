package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.POJONode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * A JSON object of {@link JsonFragment}s (a checkpoint's claims by UID), written as one block of
 * bytes assembled from its entries' cached texts: no generator call per entry, no tree of the
 * entries. Jackson's pretty printer would write the same bytes for the same object: entries in the
 * map's order, each on its own line two spaces deeper than the object, {@code "key" : value},
 * {@code { }} when empty. The canonical text ({@link CanonicalJson}) takes the entries by key.
 */
final class FragmentMap implements JsonSerializable {
  private static final int INDENT = 2;
  private static final byte[] OPEN = {'{'};
  private static final byte[] COMMA = {','};
  private static final byte[] CLOSE = {'}'};

  /**
   * One entry's texts.
   *
   * @param key the object key
   * @param canonicalKey {@code "key":} as {@link CanonicalJson} quotes it, UTF-8
   * @param indentedKey {@code "key" : } as Jackson's UTF-8 generator and pretty printer write it
   */
  record Entry(String key, JsonFragment value, byte[] canonicalKey, byte[] indentedKey) {}

  private final List<Entry> inOrder;
  private final List<Entry> byKey;

  /**
   * Keeps both lists, not copies (a render of 1,000 claims would copy 2,000 references for
   * nothing): {@link FragmentCache} builds them for this map and never changes them after.
   *
   * @param inOrder the entries in the map's order (the order written to the file)
   * @param byKey the same entries sorted by key (the checksum's order)
   */
  FragmentMap(List<Entry> inOrder, List<Entry> byKey) {
    this.inOrder = Collections.unmodifiableList(inOrder);
    this.byKey = Collections.unmodifiableList(byKey);
  }

  /** The map as a tree node, to place in the data tree that is sealed. */
  JsonNode node() {
    return new POJONode(this);
  }

  /**
   * The canonical text, {@code {"a":..,"b":..}} (keys sorted, no whitespace), as chunks in order;
   * the chunks are the entries' cached bytes, not to be modified.
   */
  void canonicalChunks(Consumer<byte[]> out) {
    out.accept(OPEN);
    for (int i = 0; i < byKey.size(); i++) {
      if (i > 0) {
        out.accept(COMMA);
      }
      out.accept(byKey.get(i).canonicalKey());
      out.accept(byKey.get(i).value().canonicalUtf8());
    }
    out.accept(CLOSE);
  }

  private byte[] canonicalUtf8() {
    ByteArrayOutputStream canonical = new ByteArrayOutputStream();
    canonicalChunks(canonical::writeBytes);
    return canonical.toByteArray();
  }

  @Override
  public void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
    if (gen.getPrettyPrinter() == null) {
      gen.writeRawValue(new Utf8(canonicalUtf8()));
    } else {
      gen.writeRawValue(new Utf8(indented(JsonFragment.objectDepth(gen.getOutputContext()))));
    }
  }

  @Override
  public void serializeWithType(
      JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
      throws IOException {
    serialize(gen, serializers);
  }

  /** The object as the pretty printer writes it where {@code depth} objects enclose it. */
  private byte[] indented(int depth) {
    if (inOrder.isEmpty()) {
      return new byte[] {'{', ' ', '}'};
    }
    byte[] entryIndent = newlineAndSpaces(INDENT * (depth + 1));
    byte[] closeIndent = newlineAndSpaces(INDENT * depth);
    byte[][] values = new byte[inOrder.size()][];
    int size = 2 + closeIndent.length;
    for (int i = 0; i < inOrder.size(); i++) {
      Entry entry = inOrder.get(i);
      values[i] = entry.value().indentedUtf8At(depth + 1);
      size += (i > 0 ? 1 : 0) + entryIndent.length + entry.indentedKey().length + values[i].length;
    }
    byte[] out = new byte[size];
    int at = 0;
    out[at++] = '{';
    for (int i = 0; i < inOrder.size(); i++) {
      if (i > 0) {
        out[at++] = ',';
      }
      at = copy(entryIndent, out, at);
      at = copy(inOrder.get(i).indentedKey(), out, at);
      at = copy(values[i], out, at);
    }
    at = copy(closeIndent, out, at);
    out[at] = '}';
    return out;
  }

  private static int copy(byte[] from, byte[] to, int at) {
    System.arraycopy(from, 0, to, at, from.length);
    return at + from.length;
  }

  private static byte[] newlineAndSpaces(int spaces) {
    byte[] bytes = new byte[1 + spaces];
    Arrays.fill(bytes, (byte) ' ');
    bytes[0] = '\n';
    return bytes;
  }

  @Override
  public String toString() {
    return new String(canonicalUtf8(), StandardCharsets.UTF_8);
  }

  /**
   * Ready UTF-8 bytes as a raw value: Jackson's UTF-8 generator copies them into its buffer, or
   * writes them straight through when they do not fit. The quoted forms (for a string value, which
   * this never is) come from the same text.
   */
  private record Utf8(byte[] bytes) implements SerializableString {
    @Override
    public String getValue() {
      return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
      return getValue().length();
    }

    @Override
    public byte[] asUnquotedUTF8() {
      return bytes;
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
      if (offset + bytes.length > buffer.length) {
        return -1;
      }
      System.arraycopy(bytes, 0, buffer, offset, bytes.length);
      return bytes.length;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
      out.write(bytes);
      return bytes.length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
      if (buffer.remaining() < bytes.length) {
        return -1;
      }
      buffer.put(bytes);
      return bytes.length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
      return text().appendUnquoted(buffer, offset);
    }

    @Override
    public char[] asQuotedChars() {
      return text().asQuotedChars();
    }

    @Override
    public byte[] asQuotedUTF8() {
      return text().asQuotedUTF8();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
      return text().appendQuotedUTF8(buffer, offset);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
      return text().appendQuoted(buffer, offset);
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
      return text().writeQuotedUTF8(out);
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) throws IOException {
      return text().putQuotedUTF8(buffer);
    }

    private SerializedString text() {
      return new SerializedString(getValue());
    }
  }
}
