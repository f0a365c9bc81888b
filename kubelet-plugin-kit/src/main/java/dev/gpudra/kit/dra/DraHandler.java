package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The version-neutral core of the DRA services: resolves claims, serialises driver calls and
 * guarantees one result per requested claim UID.
 */
public final class DraHandler {
  private static final Logger log = LoggerFactory.getLogger(DraHandler.class);

  private final DraDriver driver;
  private final ClaimResolver resolver;
  private final NodeLock lock;
  private final ClaimRefCheck check = new ClaimRefCheck();

  public DraHandler(DraDriver driver, ClaimResolver resolver, NodeLock lock) {
    this.driver = Objects.requireNonNull(driver, "driver");
    this.resolver = Objects.requireNonNull(resolver, "resolver");
    this.lock = Objects.requireNonNull(lock, "lock");
  }

  /**
   * Prepares claims one at a time: each is checked, then fetched and handed to the driver under the
   * node lock, so that one claim is held in memory at a time however many calls wait and however
   * many claims they name. The result has exactly one entry per distinct requested UID.
   */
  public Map<String, PrepareResult> prepare(List<ClaimRef> refs) {
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    try (DraDriver.Request request = driver.request(DraDriver.Operation.PREPARE)) {
      for (int i = 0; i < refs.size(); i++) {
        ClaimRef ref = refs.get(i);
        results.put(ref.uid(), prepareOne(i, ref));
      }
    }
    refs.forEach(ref -> logOutcome("prepare", ref, results.get(ref.uid()).error()));
    return results;
  }

  private PrepareResult prepareOne(int index, ClaimRef ref) {
    Optional<String> problem = check.problem(ref);
    if (problem.isPresent()) {
      failedBefore(DraDriver.Operation.PREPARE, DraDriver.FailureReason.CLAIM_LOOKUP, 1);
      return PrepareResult.failed(ClaimErrors.invalidRef(index, problem.get()));
    }
    // fetched under the node lock: however many calls wait, one claim is in memory at a time
    return callDriver(
            DraDriver.Operation.PREPARE,
            List.of(ref),
            () -> driver.prepare(List.of(resolver.resolve(ref))),
            PrepareResult::failed)
        .get(ref.uid());
  }

  /**
   * Unprepares claims without looking them up (they may be gone from the API); a reference with an
   * unusable UID or names fails alone.
   */
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> refs) {
    try (DraDriver.Request request = driver.request(DraDriver.Operation.UNPREPARE)) {
      return unprepareAll(refs);
    }
  }

  private Map<String, UnprepareResult> unprepareAll(List<ClaimRef> refs) {
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    List<ClaimRef> valid = new ArrayList<>();
    for (int i = 0; i < refs.size(); i++) {
      ClaimRef ref = refs.get(i);
      Optional<String> problem = check.problem(ref);
      if (problem.isPresent()) {
        results.put(ref.uid(), UnprepareResult.failed(ClaimErrors.invalidRef(i, problem.get())));
      } else {
        valid.add(ref);
      }
    }
    if (valid.size() < refs.size()) {
      failedBefore(
          DraDriver.Operation.UNPREPARE,
          DraDriver.FailureReason.CLAIM_LOOKUP,
          refs.size() - valid.size());
    }
    if (!valid.isEmpty()) {
      results.putAll(
          callDriver(
              DraDriver.Operation.UNPREPARE,
              valid,
              () -> driver.unprepare(valid),
              UnprepareResult::failed));
    }
    refs.forEach(ref -> logOutcome("unprepare", ref, results.get(ref.uid()).error()));
    return results;
  }

  /**
   * Runs one driver call under the node lock and turns its answer, or its failure, into exactly one
   * result per claim.
   */
  private <R> Map<String, R> callDriver(
      DraDriver.Operation operation,
      List<ClaimRef> refs,
      Supplier<Map<String, R>> call,
      Function<String, R> failure) {
    Map<String, R> answered;
    try (NodeLock.Held held = lock.acquire()) {
      answered = Objects.requireNonNullElse(call.get(), Map.of());
    } catch (Exception e) {
      driver.failedBeforeDriver(
          operation,
          switch (e) {
            case LockTimeoutException t -> DraDriver.FailureReason.LOCK_ACQUIRE;
            case ClaimLookupException l -> DraDriver.FailureReason.CLAIM_LOOKUP;
            default -> DraDriver.FailureReason.DRIVER_EXCEPTION;
          },
          refs.size());
      Map<String, R> failed = new LinkedHashMap<>();
      refs.forEach(ref -> failed.put(ref.uid(), failure.apply(ClaimErrors.describe(ref, e))));
      return failed;
    }
    Map<String, R> results = new LinkedHashMap<>();
    for (ClaimRef ref : refs) {
      R r = answered.get(ref.uid());
      results.put(ref.uid(), r != null ? r : failure.apply(ClaimErrors.missingResult(ref)));
    }
    return results;
  }

  private void failedBefore(DraDriver.Operation operation, DraDriver.FailureReason reason, int n) {
    driver.failedBeforeDriver(operation, reason, n);
  }

  private static void logOutcome(String operation, ClaimRef claim, String error) {
    if (error.isEmpty()) {
      log.info("{} succeeded for claim {}", operation, claim);
    } else {
      log.warn("{} failed for claim {}: {}", operation, claim, error);
    }
  }
}
