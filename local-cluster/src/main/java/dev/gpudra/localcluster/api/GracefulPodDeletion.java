package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's graceful deletion of pods: a pod bound to a node and not finished, deleted with
 * a grace period above zero, is not removed but gets {@code deletionTimestamp} and {@code
 * deletionGracePeriodSeconds}; its kubelet stops it and deletes it again with grace period 0. An
 * unbound or finished pod, or a grace period of 0, removes it at once.
 */
final class GracefulPodDeletion {
  private static final long DEFAULT_GRACE_SECONDS = 30;
  private static final Pattern QUERY_GRACE = Pattern.compile("[?&]gracePeriodSeconds=(-?\\d+)");

  private final ObjectMapper json = new ObjectMapper();

  /** The grace period a DELETE request asks for (query, then DeleteOptions body), if any. */
  OptionalLong requested(String path, String body) {
    Matcher query = QUERY_GRACE.matcher(path);
    if (query.find()) {
      return OptionalLong.of(Long.parseLong(query.group(1)));
    }
    if (body == null || body.isBlank()) {
      return OptionalLong.empty();
    }
    try {
      JsonNode grace = json.readTree(body).path("gracePeriodSeconds");
      return grace.isNumber() ? OptionalLong.of(grace.asLong()) : OptionalLong.empty();
    } catch (java.io.IOException e) {
      return OptionalLong.empty(); // not DeleteOptions: the mock deletes as asked
    }
  }

  /**
   * The pod as it stays while its kubelet stops it, or empty when the delete removes it.
   *
   * @param stored the stored object (any kind: only a Pod can be deleted gracefully)
   * @param requested the request's grace period, if it gave one
   */
  Optional<String> terminating(String stored, OptionalLong requested, Instant now) {
    try {
      JsonNode object = json.readTree(stored);
      if (!"Pod".equals(object.path("kind").asText())) {
        return Optional.empty();
      }
      long grace =
          requested.orElse(
              object
                  .path("spec")
                  .path("terminationGracePeriodSeconds")
                  .asLong(DEFAULT_GRACE_SECONDS));
      String phase = object.path("status").path("phase").asText("");
      boolean bound = !object.path("spec").path("nodeName").asText("").isEmpty();
      if (!bound || grace <= 0 || phase.equals("Succeeded") || phase.equals("Failed")) {
        return Optional.empty();
      }
      ObjectNode metadata = (ObjectNode) object.path("metadata");
      if (!metadata.hasNonNull("deletionTimestamp")) {
        metadata.put("deletionTimestamp", now.truncatedTo(ChronoUnit.SECONDS).toString());
      }
      long current = metadata.path("deletionGracePeriodSeconds").asLong(Long.MAX_VALUE);
      metadata.put("deletionGracePeriodSeconds", Math.min(current, grace));
      return Optional.of(json.writeValueAsString(object));
    } catch (java.io.IOException e) {
      throw new IllegalStateException("stored object is not JSON: " + e.getMessage(), e);
    }
  }
}
