package dev.gpudra.gpu.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the checkpoint NVIDIA's GPU plugin writes at the same path ({@code {"checksum", "v1",
 * "v2"}}), so that a node moves from NVIDIA's plugin to ours with its prepared claims: {@code v2}
 * when present (PrepareStarted and PrepareCompleted claims, name, namespace, boot ID), else {@code
 * v1} (completed claims only). Its checksum (FNV-32a over a go-spew rendering) is not re-computed:
 * the content is read strictly instead, and anything missing or malformed makes it corrupt.
 */
final class NvidiaCheckpoint {
  private NvidiaCheckpoint() {}

  /** Whether {@code envelope} is NVIDIA's format rather than ours. */
  static boolean matches(JsonNode envelope) {
    return !envelope.has("data") && (envelope.has("v2") || envelope.has("v1"));
  }

  /**
   * @throws CorruptCheckpointException naming the claim and field that cannot be read
   */
  static CheckpointV1 read(JsonNode envelope) {
    boolean v2 = envelope.path("v2").isObject();
    JsonNode doc = v2 ? envelope.get("v2") : envelope.path("v1");
    JsonNode claims = doc.path("preparedClaims");
    if (!claims.isObject()) {
      throw new CorruptCheckpointException(
          "NVIDIA checkpoint: " + (v2 ? "v2" : "v1") + ".preparedClaims is not an object");
    }
    Map<String, PreparedClaim> read = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = claims.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      read.put(entry.getKey(), claim(entry.getKey(), entry.getValue(), v2));
    }
    return new CheckpointV1(v2 ? doc.path("nodeBootID").asText("") : "", read);
  }

  private static PreparedClaim claim(String uid, JsonNode claim, boolean v2) {
    String where = "NVIDIA checkpoint, claim " + uid;
    ClaimState state =
        v2 ? state(claim.path("checkpointState"), where) : ClaimState.PREPARE_COMPLETED;
    List<CheckpointDevice> devices = new ArrayList<>();
    for (JsonNode group : claim.path("preparedDevices")) {
      // the group's MPS daemon, so that ours stops the one NVIDIA's plugin started
      String daemon = group.path("configState").path("mpsControlDaemonID").asText("");
      for (JsonNode device : group.path("devices")) {
        devices.add(
            device(device, claim.path("status"), where)
                .withSharing(SharingRecord.mps(daemon.isEmpty() ? null : daemon)));
      }
    }
    return new PreparedClaim(
        state, claim.path("namespace").asText(""), claim.path("name").asText(""), devices);
  }

  private static ClaimState state(JsonNode value, String where) {
    return switch (value.asText("")) {
      case "PrepareStarted" -> ClaimState.PREPARE_STARTED;
      case "PrepareCompleted" -> ClaimState.PREPARE_COMPLETED;
      default ->
          throw new CorruptCheckpointException(
              where
                  + ": checkpointState \""
                  + value.asText("")
                  + "\" is not PrepareStarted or"
                  + " PrepareCompleted");
    };
  }

  private static CheckpointDevice device(JsonNode device, JsonNode status, String where) {
    // NVIDIA's 0.5 writes the other types as null beside the one that is set
    String type =
        device.hasNonNull("mig")
            ? "mig"
            : device.hasNonNull("vfio") ? "vfio" : device.hasNonNull("gpu") ? "gpu" : "";
    if (type.isEmpty()) {
      throw new CorruptCheckpointException(where + ": a device is neither gpu, mig nor vfio");
    }
    JsonNode typed = device.get(type);
    JsonNode kubelet = typed.path("device");
    String name = required(kubelet, "DeviceName", where);
    String pool = required(kubelet, "PoolName", where);
    String uuid =
        "mig".equals(type)
            ? required(typed.path("concrete"), "migUUID", where)
            : required(typed.path("info"), "uuid", where);
    return new CheckpointDevice(
        name,
        type,
        uuid,
        strings(kubelet.path("Requests")),
        pool,
        strings(kubelet.path("CDIDeviceIDs")),
        adminAccess(status, pool, name),
        kubelet.hasNonNull("ShareID") ? kubelet.get("ShareID").asText() : null,
        "mig".equals(type) ? typed.path("concrete").path("giId").asInt() : null,
        "mig".equals(type) ? typed.path("concrete").path("ciId").asInt() : null,
        null);
  }

  /** Whether the claim's allocation gave this device with admin access. */
  private static boolean adminAccess(JsonNode status, String pool, String name) {
    for (JsonNode result : status.path("allocation").path("devices").path("results")) {
      if (name.equals(result.path("device").asText())
          && pool.equals(result.path("pool").asText())) {
        return result.path("adminAccess").asBoolean(false);
      }
    }
    return false;
  }

  private static String required(JsonNode node, String field, String where) {
    JsonNode value = node.path(field);
    if (!value.isTextual() || value.asText().isEmpty()) {
      throw new CorruptCheckpointException(where + ": a device has no " + field);
    }
    return value.asText();
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }
}
