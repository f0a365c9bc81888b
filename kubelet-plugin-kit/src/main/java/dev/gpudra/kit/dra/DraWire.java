package dev.gpudra.kit.dra;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;

/**
 * DRA v1 and v1beta1 messages share names and field numbers (v1 only adds {@code Device.share_id}),
 * so one version's message is re-read as the other's from its bytes, as the kubelet converts
 * between them. Used by the plugin's v1beta1 service and the kubelet stand-in's v1beta1 client, so
 * each needs only the v1 code.
 */
public final class DraWire {
  private DraWire() {}

  public static <T> T convert(MessageLite message, Parser<T> parser) {
    try {
      return parser.parseFrom(message.toByteString());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(
          "v1 and v1beta1 DRA messages no longer share a wire format", e);
    }
  }
}
