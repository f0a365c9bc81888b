package dev.gpudra.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The checkpoint encoding before issue 16, kept as the baseline of {@link CheckpointBenchmark}: the
 * whole checkpoint to a tree, its canonical text with every key and scalar through Jackson's {@code
 * toString}, SHA-256, then the indented envelope. Same bytes as {@code CheckpointCodec.encode}.
 */
final class LegacyCheckpointEncoding {
  private final ObjectMapper mapper =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  byte[] encode(CheckpointV1 checkpoint) throws Exception {
    JsonNode data = mapper.valueToTree(checkpoint);
    ObjectNode envelope = mapper.createObjectNode();
    envelope.put("version", CheckpointV1.VERSION);
    envelope.put("checksum", checksum(data));
    envelope.set("data", data);
    return mapper.writeValueAsBytes(envelope);
  }

  private static String checksum(JsonNode data) throws NoSuchAlgorithmException {
    StringBuilder canonical = new StringBuilder();
    append(data, canonical);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    return HexFormat.of()
        .formatHex(sha.digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
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
