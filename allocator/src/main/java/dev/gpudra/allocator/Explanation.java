package dev.gpudra.allocator;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a claim fits a node or not: the node's pools, and per request every device considered.
 *
 * <p>Data only; {@link ExplanationText} renders it for people.
 *
 * @param node the node name
 * @param pools the pools with slices for the node, in iteration order
 * @param requests requests in claim order, each {@code firstAvailable} subrequest in its own entry
 */
public record Explanation(String node, List<PoolStatus> pools, List<RequestExplanation> requests) {

  public Explanation {
    Objects.requireNonNull(node, "node");
    pools = List.copyOf(Objects.requireNonNull(pools, "pools"));
    requests = List.copyOf(Objects.requireNonNull(requests, "requests"));
  }

  /** The entry for {@code req} or {@code req/sub}. */
  public Optional<RequestExplanation> request(String name) {
    return requests.stream().filter(r -> r.request().equals(name)).findFirst();
  }
}
