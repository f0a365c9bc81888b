package dev.gpudra.migrate.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One {@code nvidia.com/} resource of a container, as its {@code resources} give it.
 *
 * @param resource the resource name
 * @param limit its value under {@code limits}, if there
 * @param request its value under {@code requests}, if there
 */
public record ResourceEntry(String resource, Optional<JsonNode> limit, Optional<JsonNode> request) {
  private static final long MAX_DEVICES = 1L << 31;

  public ResourceEntry {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(request, "request");
  }

  /**
   * How many devices the container asks for: the limit, else the request (the API server defaults
   * one to the other for extended resources).
   *
   * @return the count; empty if a value is not a whole number, or the two differ
   */
  public OptionalLong count() {
    OptionalLong limitCount = limit.map(ResourceEntry::whole).orElse(OptionalLong.empty());
    OptionalLong requestCount = request.map(ResourceEntry::whole).orElse(OptionalLong.empty());
    if (limit.isPresent() && limitCount.isEmpty()
        || request.isPresent() && requestCount.isEmpty()) {
      return OptionalLong.empty();
    }
    if (limitCount.isPresent() && requestCount.isPresent()) {
      return limitCount.getAsLong() == requestCount.getAsLong() ? limitCount : OptionalLong.empty();
    }
    return limitCount.isPresent() ? limitCount : requestCount;
  }

  /** Why {@link #count()} is empty, in a phrase. */
  public String countProblem() {
    for (Optional<JsonNode> value : java.util.List.of(limit, request)) {
      if (value.isPresent() && whole(value.get()).isEmpty()) {
        return text(value.get()) + " is not a whole number of devices";
      }
    }
    return "requests (" + text(request.get()) + ") and limits (" + text(limit.get()) + ") differ";
  }

  private static OptionalLong whole(JsonNode value) {
    String text = value.isIntegralNumber() || value.isTextual() ? value.asText() : "";
    if (!text.matches("[0-9]{1,10}") || Long.parseLong(text) > MAX_DEVICES) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Long.parseLong(text));
  }

  private static String text(JsonNode value) {
    return value.isTextual() ? "\"" + value.asText() + "\"" : value.toString();
  }
}
