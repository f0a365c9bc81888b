package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One version of the DRA node service, seen from the kubelet; answers are raw, unchecked. */
interface DraClient {
  /** The kubelet's per-call deadline ({@code defaultClientCallTimeout}). */
  Duration DEADLINE = Duration.ofSeconds(45);

  Map<String, PrepareResult> prepare(List<ClaimRef> claims);

  Map<String, UnprepareResult> unprepare(List<ClaimRef> claims);
}
