package dev.gpudra.webhook.tls;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The little DER the key formats need: one TLV read or written, and a SEQUENCE's children. Read
 * errors are {@link TlsMaterialException}s.
 */
final class Der {
  static final int INTEGER = 0x02;
  static final int OCTET_STRING = 0x04;
  static final int NULL = 0x05;
  static final int OID = 0x06;
  static final int SEQUENCE = 0x30;
  static final int CONTEXT_0 = 0xa0;

  /** One element: its tag, its whole encoding and its content. */
  record Tlv(int tag, byte[] encoded, byte[] content) {}

  private Der() {}

  /** The element starting at {@code offset} of {@code der}. */
  static Tlv read(byte[] der, int offset) {
    if (offset + 2 > der.length) {
      throw new TlsMaterialException("truncated DER");
    }
    int tag = der[offset] & 0xff;
    int first = der[offset + 1] & 0xff;
    int header = 2;
    int length = first;
    if (first > 0x7f) {
      int bytes = first & 0x7f;
      if (bytes == 0 || bytes > 3 || offset + 2 + bytes > der.length) {
        throw new TlsMaterialException("unsupported DER length");
      }
      length = 0;
      for (int i = 0; i < bytes; i++) {
        length = (length << 8) | (der[offset + 2 + i] & 0xff);
      }
      header += bytes;
    }
    int end = offset + header + length;
    if (end > der.length) {
      throw new TlsMaterialException("truncated DER");
    }
    byte[] encoded = Arrays.copyOfRange(der, offset, end);
    byte[] content = Arrays.copyOfRange(der, offset + header, end);
    return new Tlv(tag, encoded, content);
  }

  /** The children of a SEQUENCE (or any constructed element) given by its content. */
  static List<Tlv> children(byte[] content) {
    List<Tlv> children = new ArrayList<>();
    for (int offset = 0; offset < content.length; ) {
      Tlv child = read(content, offset);
      children.add(child);
      offset += child.encoded().length;
    }
    return children;
  }

  /** An element of {@code tag} whose content is {@code parts} concatenated. */
  static byte[] tlv(int tag, byte[]... parts) {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      content.writeBytes(part);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int length = content.size();
    if (length < 0x80) {
      out.write(length);
    } else if (length < 0x100) {
      out.write(0x81);
      out.write(length);
    } else if (length < 0x10000) {
      out.write(0x82);
      out.write(length >> 8);
      out.write(length & 0xff);
    } else {
      out.write(0x83);
      out.write(length >> 16);
      out.write((length >> 8) & 0xff);
      out.write(length & 0xff);
    }
    out.writeBytes(content.toByteArray());
    return out.toByteArray();
  }

  /** An OBJECT IDENTIFIER from its DER content in hex, e.g. {@code 2a864886f70d010101}. */
  static byte[] oid(String hexContent) {
    return tlv(OID, HexFormat.of().parseHex(hexContent));
  }
}
