package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.kit.checkpoint.ClaimState;
import dev.gpudra.kit.checkpoint.CorruptCheckpointException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the checkpoint NVIDIA's compute-domain plugin writes at the same path ({@code {"checksum",
 * "v1", "v2"}}), so that a node moves to ours with its prepared claims: {@code v2} when present,
 * else {@code v1} (completed claims only). A device is {@code {"channel": {...}}} or {@code
 * {"daemon": {...}}}; the group's {@code configState.ComputeDomain} names the domain. The checksum
 * (FNV-32a over a go-spew rendering) is not re-computed: the content is read strictly instead.
 */
final class NvidiaDomainCheckpoint {
  private NvidiaDomainCheckpoint() {}

  static boolean matches(JsonNode envelope) {
    return !envelope.has("data") && (envelope.has("v2") || envelope.has("v1"));
  }

  /**
   * @throws CorruptCheckpointException naming the claim and field that cannot be read
   */
  static DomainCheckpoint read(JsonNode envelope) {
    boolean v2 = envelope.path("v2").isObject();
    JsonNode doc = v2 ? envelope.get("v2") : envelope.path("v1");
    JsonNode claims = doc.path("preparedClaims");
    if (!claims.isObject()) {
      throw new CorruptCheckpointException(
          "NVIDIA checkpoint: "
              + (v2 ? "v2" : "v1")
              + ".preparedClaims is not an object"
              + (claims.isArray() ? " (the 25.3.0-rc.2 list format is not read)" : ""));
    }
    Map<String, DomainClaim> read = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = claims.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      read.put(entry.getKey(), claim(entry.getKey(), entry.getValue(), v2));
    }
    return new DomainCheckpoint(v2 ? doc.path("nodeBootID").asText("") : "", read);
  }

  private static DomainClaim claim(String uid, JsonNode claim, boolean v2) {
    String where = "NVIDIA checkpoint, claim " + uid;
    ClaimState state =
        v2
            ? ClaimState.fromValue(required(claim, "checkpointState", where))
            : ClaimState.PREPARE_COMPLETED;
    List<DomainDevice> devices = new ArrayList<>();
    DomainTarget target = null;
    String domain = "";
    for (JsonNode group : claim.path("preparedDevices")) {
      domain = group.path("configState").path("ComputeDomain").asText(domain);
      for (JsonNode device : group.path("devices")) {
        DomainTarget type = device.has("channel") ? DomainTarget.CHANNEL : DomainTarget.DAEMON;
        if (!device.has(type.value())) {
          throw new CorruptCheckpointException(where + ": a device is neither channel nor daemon");
        }
        target = type;
        devices.add(device(device.get(type.value()).path("device"), where));
      }
    }
    if (target == null) {
      // started, nothing prepared yet: no device says which; with no domain recorded either,
      // rolling it back touches no label whichever it was
      target = DomainTarget.CHANNEL;
    }
    return new DomainClaim(
        state,
        claim.path("namespace").asText(""),
        claim.path("name").asText(""),
        target,
        domain,
        state == ClaimState.PREPARE_COMPLETED ? devices : List.of(),
        StatusDigest.of(claim.path("status")),
        claim.path("abortedAt").asText(""));
  }

  private static DomainDevice device(JsonNode kubelet, String where) {
    List<String> requests = new ArrayList<>();
    kubelet.path("Requests").forEach(r -> requests.add(r.asText()));
    List<String> cdi = new ArrayList<>();
    kubelet.path("CDIDeviceIDs").forEach(c -> cdi.add(c.asText()));
    return new DomainDevice(
        required(kubelet, "DeviceName", where),
        requests,
        required(kubelet, "PoolName", where),
        cdi);
  }

  private static String required(JsonNode node, String field, String where) {
    JsonNode value = node.path(field);
    if (!value.isTextual() || value.asText().isEmpty()) {
      throw new CorruptCheckpointException(where + ": no " + field);
    }
    return value.asText();
  }
}
