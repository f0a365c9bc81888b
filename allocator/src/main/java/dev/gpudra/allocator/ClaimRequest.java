package dev.gpudra.allocator;

import java.util.List;
import java.util.Objects;

/**
 * One entry of {@code spec.devices.requests}: a single alternative for {@code exactly}, or the
 * {@code firstAvailable} subrequests in the order they are tried.
 */
record ClaimRequest(String name, List<RequestSpec> alternatives) {

  ClaimRequest {
    Objects.requireNonNull(name, "name");
    alternatives = List.copyOf(alternatives);
    if (alternatives.isEmpty()) {
      throw new IllegalArgumentException("request " + name + " has no alternatives");
    }
  }
}
