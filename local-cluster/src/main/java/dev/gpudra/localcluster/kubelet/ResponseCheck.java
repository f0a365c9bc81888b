package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The kubelet's checks on a DRA response: every key must be a requested claim UID and no requested
 * claim may be missing.
 */
public final class ResponseCheck {
  private ResponseCheck() {}

  /**
   * @return the response's entries in request order
   * @throws DraCallException if the response names an unknown UID or skips claims
   */
  public static <R> Map<String, R> check(
      String method, List<ClaimRef> requested, Map<String, R> response) {
    Set<String> uids = requested.stream().map(ClaimRef::uid).collect(Collectors.toSet());
    for (String uid : response.keySet()) {
      if (!uids.contains(uid)) {
        throw new DraCallException(method + " returned result for unknown claim UID " + uid);
      }
    }
    long skipped = uids.stream().filter(uid -> !response.containsKey(uid)).count();
    if (skipped > 0) {
      throw new DraCallException(method + " skipped " + skipped + " ResourceClaims");
    }
    Map<String, R> ordered = new LinkedHashMap<>();
    requested.forEach(ref -> ordered.put(ref.uid(), response.get(ref.uid())));
    return ordered;
  }
}
