package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Device taints' {@code timeAdded} as kube-apiserver 1.37 sets it: a taint without one, in a
 * ResourceSlice's devices or a DeviceTaintRule, gets the time of the write (whole seconds); a
 * DeviceTaintRule whose effect changes while its {@code timeAdded} stays as stored gets it anew, so
 * that it tells when the effect began (what evictions count from).
 */
final class TaintDefaults {
  private static final String GROUP = "resource.k8s.io/";

  private final ObjectMapper json = new ObjectMapper();

  /** {@code stored} with its taints' times set, or itself when it has no taint to default. */
  String defaulted(String stored, Optional<String> old, Instant now) {
    if (!stored.contains(GROUP) || !stored.contains("taint")) {
      return stored; // every write passes here: parse only what may hold a device taint
    }
    JsonNode object;
    try {
      object = json.readTree(stored);
    } catch (JsonProcessingException e) {
      return stored; // fabric8 parsed it before handing it over: not reached
    }
    if (!object.path("apiVersion").asText().startsWith(GROUP)) {
      return stored;
    }
    String time = now.truncatedTo(ChronoUnit.SECONDS).toString();
    boolean changed =
        switch (object.path("kind").asText()) {
          case "ResourceSlice" -> sliceTaints(object, time);
          case "DeviceTaintRule" -> ruleTaint(object, old.map(this::parse), time);
          default -> false;
        };
    return changed ? object.toString() : stored;
  }

  private static boolean sliceTaints(JsonNode slice, String time) {
    boolean changed = false;
    for (JsonNode device : slice.path("spec").path("devices")) {
      for (JsonNode taint : device.path("taints")) {
        changed |= setIfMissing(taint, time);
      }
    }
    return changed;
  }

  private static boolean ruleTaint(JsonNode rule, Optional<JsonNode> old, String time) {
    JsonNode taint = rule.path("spec").path("taint");
    if (!(taint instanceof ObjectNode set)) {
      return false; // validation refuses it
    }
    Optional<JsonNode> before = old.map(o -> o.path("spec").path("taint"));
    boolean effectChanged =
        before.filter(b -> !b.path("effect").equals(taint.path("effect"))).isPresent();
    boolean timeKept =
        before.filter(b -> b.path("timeAdded").equals(taint.path("timeAdded"))).isPresent();
    if (effectChanged && timeKept) {
      set.put("timeAdded", time);
      return true;
    }
    return setIfMissing(taint, time);
  }

  private static boolean setIfMissing(JsonNode taint, String time) {
    JsonNode current = taint.path("timeAdded");
    if (taint instanceof ObjectNode set && (current.isMissingNode() || current.isNull())) {
      set.put("timeAdded", time);
      return true;
    }
    return false;
  }

  private JsonNode parse(String stored) {
    try {
      return json.readTree(stored);
    } catch (JsonProcessingException e) {
      return json.createObjectNode(); // stored by this server, so parsed before: not reached
    }
  }
}
