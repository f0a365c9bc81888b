package dev.gpudra.node.metrics;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Fails every claim whose name starts with "bad", succeeds the others. */
final class FakeDriver implements DraDriver {
  @Override
  public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    claims.forEach(c ->
        results.put(
            c.getMetadata().getUid(),
            c.getMetadata().getName().startsWith("bad")
                ? PrepareResult.failed("no")
                : PrepareResult.of(List.of())));
    return results;
  }

  @Override
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    claims.forEach(c ->
        results.put(
            c.uid(),
            c.name().startsWith("bad") ? UnprepareResult.failed("no") : UnprepareResult.ok()));
    return results;
  }

  @Override
  public void handleError(Throwable error, String context) {}
}
