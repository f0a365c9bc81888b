package dev.gpudra.computedomain.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What tells a stale retry of an aborted prepare from a new allocation of the same claim, reduced
 * to a SHA-256: the allocation's results (request, driver, pool, device, admin access, share) and
 * the claim's consumers. NVIDIA's plugin compares the whole status; the opaque configs it also
 * holds cannot change for one claim UID, and digesting them would cost a copy of up to 64 configs
 * of 10 KiB per claim. Read alike from NVIDIA's checkpoint (Go's JSON) and from the API server
 * (fabric8).
 */
public final class StatusDigest {
  private StatusDigest() {}

  /** The digest of a status as JSON (NVIDIA's checkpoint); empty for a missing or empty status. */
  public static String of(JsonNode status) {
    List<String> lines = new ArrayList<>();
    for (JsonNode r : status.path("allocation").path("devices").path("results")) {
      lines.add(
          result(
              r.path("request").asText(""),
              r.path("driver").asText(""),
              r.path("pool").asText(""),
              r.path("device").asText(""),
              r.path("adminAccess").asBoolean(false) + "/" + r.path("shareID").asText("")));
    }
    for (JsonNode c : status.path("reservedFor")) {
      lines.add(consumer(c.path("resource").asText(""), c.path("name").asText(""), uid(c)));
    }
    return digest(lines);
  }

  /** The digest of the status the API server holds; empty for none. */
  public static String ofValue(ResourceClaimStatus status) {
    List<String> lines = new ArrayList<>();
    if (status == null) {
      return "";
    }
    if (status.getAllocation() != null && status.getAllocation().getDevices() != null) {
      for (DeviceRequestAllocationResult r : status.getAllocation().getDevices().getResults()) {
        lines.add(
            result(
                r.getRequest(),
                r.getDriver(),
                r.getPool(),
                r.getDevice(),
                Boolean.TRUE.equals(r.getAdminAccess())
                    + "/"
                    + (r.getShareID() == null ? "" : r.getShareID())));
      }
    }
    for (ResourceClaimConsumerReference c : status.getReservedFor()) {
      lines.add(consumer(c.getResource(), c.getName(), c.getUid()));
    }
    return digest(lines);
  }

  private static String uid(JsonNode consumer) {
    return consumer.path("uid").asText("");
  }

  private static String result(
      String request, String driver, String pool, String device, String access) {
    return "result " + request + " " + driver + " " + pool + " " + device + " " + access;
  }

  private static String consumer(String resource, String name, String uid) {
    return "consumer " + resource + " " + name + " " + uid;
  }

  private static String digest(List<String> lines) {
    if (lines.isEmpty()) {
      return "";
    }
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      lines.forEach(l -> sha.update((l + "\n").getBytes(StandardCharsets.UTF_8)));
      return HexFormat.of().formatHex(sha.digest()).substring(0, 32);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
