package dev.gpudra.localcluster.api;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fields of one protobuf message, as the wire format carries them: each a field number with a
 * varint or a length-delimited value (strings, bytes, nested messages, map entries). Other wire
 * types (fixed 32 and 64 bit) are refused; Kubernetes objects do not use them for the fields read.
 */
record ProtoMessage(List<Field> fields) {
  /** One field: its number, and its varint or its bytes. */
  record Field(int number, long varint, byte[] bytes) {
    boolean isEmpty() {
      return varint == 0 && (bytes == null || bytes.length == 0);
    }

    String string() {
      return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
    }

    ProtoMessage message() {
      return parse(bytes == null ? new byte[0] : bytes);
    }
  }

  private static final int VARINT = 0;
  private static final int LENGTH_DELIMITED = 2;

  ProtoMessage {
    fields = List.copyOf(fields);
  }

  /** The message in {@code data}; {@link IllegalArgumentException} when it is not well formed. */
  static ProtoMessage parse(byte[] data) {
    List<Field> fields = new ArrayList<>();
    int[] at = {0};
    while (at[0] < data.length) {
      long tag = varint(data, at);
      int number = (int) (tag >>> 3);
      int type = (int) (tag & 7);
      if (type == VARINT) {
        fields.add(new Field(number, varint(data, at), null));
      } else if (type == LENGTH_DELIMITED) {
        long length = varint(data, at);
        if (length < 0 || length > data.length - at[0]) {
          throw new IllegalArgumentException("field " + number + " runs past the message's end");
        }
        fields.add(new Field(number, 0, Arrays.copyOfRange(data, at[0], at[0] + (int) length)));
        at[0] += (int) length;
      } else {
        throw new IllegalArgumentException("field " + number + " has wire type " + type);
      }
    }
    return new ProtoMessage(fields);
  }

  private static long varint(byte[] data, int[] at) {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at[0] >= data.length) {
        throw new IllegalArgumentException("a varint runs past the message's end");
      }
      byte b = data[at[0]++];
      value |= (long) (b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new IllegalArgumentException("a varint longer than 10 bytes");
  }
}
