package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.flock.LockFileException;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The version-neutral core of the DRA services: checks claim references, fetches claims, serialises
 * the driver's work under the node lock and guarantees one result per requested claim UID.
 */
public final class DraHandler {
  private static final Logger log = LoggerFactory.getLogger(DraHandler.class);

  private final DraDriver driver;
  private final ClaimResolver resolver;
  private final NodeLock lock;
  private final ClaimRefCheck check = new ClaimRefCheck();

  private static final Duration FIRST_BACKOFF = Duration.ofMillis(250);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(3);

  /**
   * Calls whose first claim may be fetched before the node lock is theirs: its GET overlaps the
   * lock holder's preparation. With the lock holder's own claim, at most two claims are in memory
   * however many calls wait (HeapBoundIT); the lock holder never waits for this permit, so the two
   * cannot deadlock.
   */
  private final Semaphore prefetch = new Semaphore(1, true);

  private final Duration retryWindow;
  private final LogContext context;

  /** Retryable failures are answered at once (no retry within the call). */
  public DraHandler(DraDriver driver, ClaimResolver resolver, NodeLock lock) {
    this(driver, resolver, lock, Duration.ZERO);
  }

  /** Without log context. */
  public DraHandler(DraDriver driver, ClaimResolver resolver, NodeLock lock, Duration retryWindow) {
    this(driver, resolver, lock, retryWindow, LogContext.NONE);
  }

  /**
   * @param retryWindow how long claims answered with {@link PrepareResult#retryLater} are tried
   *     again, with back-off from 250 ms to 3 s and the node lock released in between
   * @param context the driver and node every log line of a call carries, with its claim
   */
  public DraHandler(
      DraDriver driver,
      ClaimResolver resolver,
      NodeLock lock,
      Duration retryWindow,
      LogContext context) {
    this.driver = Objects.requireNonNull(driver, "driver");
    this.resolver = Objects.requireNonNull(resolver, "resolver");
    this.lock = Objects.requireNonNull(lock, "lock");
    this.retryWindow = Objects.requireNonNull(retryWindow, "retryWindow");
    this.context = Objects.requireNonNull(context, "context");
  }

  /**
   * Prepares claims under the node lock, taken once for the call: each claim is fetched and handed
   * to the driver before the next is fetched; the call's first claim may be fetched before the lock
   * is had, while another call prepares (at most one such claim waits: two claims in memory however
   * many calls wait and however many claims they name). The result has exactly one entry per
   * distinct requested UID.
   */
  public Map<String, PrepareResult> prepare(List<ClaimRef> refs) {
    Map<String, PrepareResult> results = new LinkedHashMap<>();
    try (LogContext.Scope call = context.call();
        DraDriver.Request request = driver.request(DraDriver.Operation.PREPARE, refs.size())) {
      List<ClaimRef> valid =
          checked(DraDriver.Operation.PREPARE, refs, results, PrepareResult::failed);
      prepareRetrying(valid, results);
      refs.forEach(ref -> logOutcome("prepare", ref, results.get(ref.uid()).error()));
    }
    return results;
  }

  /**
   * Prepares {@code refs} under the lock; claims answered with a retryable failure are tried again
   * after a back-off, the lock released meanwhile (what they wait for may need it), until they pass
   * or the window closes; then the last answer stands.
   */
  private void prepareRetrying(List<ClaimRef> refs, Map<String, PrepareResult> results) {
    long deadline = System.nanoTime() + retryWindow.toNanos();
    Duration backoff = FIRST_BACKOFF;
    List<ClaimRef> pending = refs;
    while (true) {
      prepareCall(pending, results);
      pending = pending.stream().filter(ref -> results.get(ref.uid()).retryable()).toList();
      if (pending.isEmpty() || System.nanoTime() + backoff.toNanos() > deadline) {
        return;
      }
      try {
        Thread.sleep(backoff);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      backoff =
          backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0
              ? MAX_BACKOFF
              : backoff.multipliedBy(2);
    }
  }

  /** The first claim fetched with the prefetch permit, then all of them under the lock. */
  private void prepareCall(List<ClaimRef> refs, Map<String, PrepareResult> results) {
    if (refs.isEmpty()) {
      return;
    }
    prefetch.acquireUninterruptibly();
    AtomicBoolean held = new AtomicBoolean(true);
    Runnable release =
        () -> {
          if (held.getAndSet(false)) {
            prefetch.release();
          }
        };
    try {
      Fetched first = fetch(refs.getFirst());
      if (first.claim() == null && refs.size() == 1) {
        results.put(refs.getFirst().uid(), first.failure());
        return;
      }
      underLock(
          DraDriver.Operation.PREPARE,
          refs,
          results,
          PrepareResult::failed,
          () -> {
            release.run(); // the first claim is now the lock holder's
            for (int i = 0; i < refs.size(); i++) {
              ClaimRef ref = refs.get(i);
              results.put(ref.uid(), prepareFetched(ref, i == 0 ? first : fetch(ref)));
            }
          });
    } finally {
      release.run(); // whatever happened (no lock, a failure taking it), exactly once
    }
  }

  /** A fetched claim, or the failure its lookup answers with. */
  private record Fetched(ResourceClaim claim, PrepareResult failure) {}

  private Fetched fetch(ClaimRef ref) {
    try {
      return new Fetched(resolver.resolve(ref), null);
    } catch (RuntimeException e) {
      return new Fetched(
          null,
          failedCall(DraDriver.Operation.PREPARE, List.of(ref), e, PrepareResult::failed)
              .get(ref.uid()));
    }
  }

  /** Under the node lock: the driver's answer for a fetched claim. */
  private PrepareResult prepareFetched(ClaimRef ref, Fetched fetched) {
    if (fetched.claim() == null) {
      return fetched.failure();
    }
    try (LogContext.Scope claim = LogContext.claims(List.of(ref))) {
      return answer(
              DraDriver.Operation.PREPARE,
              List.of(ref),
              () -> driver.prepare(List.of(fetched.claim())),
              PrepareResult::failed)
          .get(ref.uid());
    }
  }

  /**
   * Unprepares claims without looking them up (they may be gone from the API); a reference with an
   * unusable UID or names fails alone.
   */
  public Map<String, UnprepareResult> unprepare(List<ClaimRef> refs) {
    Map<String, UnprepareResult> results = new LinkedHashMap<>();
    try (LogContext.Scope call = context.call();
        DraDriver.Request request = driver.request(DraDriver.Operation.UNPREPARE, refs.size())) {
      List<ClaimRef> valid =
          checked(DraDriver.Operation.UNPREPARE, refs, results, UnprepareResult::failed);
      try (LogContext.Scope claims = LogContext.claims(valid)) {
        underLock(
            DraDriver.Operation.UNPREPARE,
            valid,
            results,
            UnprepareResult::failed,
            () ->
                results.putAll(
                    answer(
                        DraDriver.Operation.UNPREPARE,
                        valid,
                        () -> driver.unprepare(valid),
                        UnprepareResult::failed)));
      }
      refs.forEach(ref -> logOutcome("unprepare", ref, results.get(ref.uid()).error()));
    }
    return results;
  }

  /** The references that can name a claim; the others get their error in {@code results}. */
  private <R> List<ClaimRef> checked(
      DraDriver.Operation operation,
      List<ClaimRef> refs,
      Map<String, R> results,
      Function<String, R> failure) {
    List<ClaimRef> valid = new ArrayList<>();
    for (int i = 0; i < refs.size(); i++) {
      ClaimRef ref = refs.get(i);
      Optional<String> problem = check.problem(ref);
      if (problem.isPresent()) {
        results.put(ref.uid(), failure.apply(ClaimErrors.invalidRef(i, problem.get())));
      } else {
        valid.add(ref);
      }
    }
    if (valid.size() < refs.size()) {
      driver.failedBeforeDriver(
          operation, DraDriver.FailureReason.CLAIM_LOOKUP, refs.size() - valid.size());
    }
    return valid;
  }

  /**
   * Runs {@code body} under the node lock; when the lock is not had in time, or its file cannot be
   * opened (a read-only plugin directory), every claim of {@code refs} fails with the lock error.
   */
  private <R> void underLock(
      DraDriver.Operation operation,
      List<ClaimRef> refs,
      Map<String, R> results,
      Function<String, R> failure,
      Runnable body) {
    if (refs.isEmpty()) {
      return;
    }
    try (NodeLock.Held held = lock.acquire()) {
      body.run();
    } catch (LockTimeoutException | LockFileException e) {
      // a lock file on a read-only or full file system fails each claim, never the whole call
      driver.failedBeforeDriver(operation, DraDriver.FailureReason.LOCK_ACQUIRE, refs.size());
      refs.forEach(ref -> results.put(ref.uid(), failure.apply(ClaimErrors.describe(ref, e))));
    }
  }

  /**
   * One driver call's answer, or its failure (the claim's lookup included), as exactly one result
   * per claim.
   */
  private <R> Map<String, R> answer(
      DraDriver.Operation operation,
      List<ClaimRef> refs,
      Supplier<Map<String, R>> call,
      Function<String, R> failure) {
    Map<String, R> answered;
    try {
      answered = Objects.requireNonNullElse(call.get(), Map.of());
    } catch (RuntimeException e) {
      return failedCall(operation, refs, e, failure);
    }
    Map<String, R> results = new LinkedHashMap<>();
    for (ClaimRef ref : refs) {
      R r = answered.get(ref.uid());
      results.put(ref.uid(), r != null ? r : failure.apply(ClaimErrors.missingResult(ref)));
    }
    return results;
  }

  /** Every claim of {@code refs} failed with {@code e} (a lookup's or the driver's), counted. */
  private <R> Map<String, R> failedCall(
      DraDriver.Operation operation,
      List<ClaimRef> refs,
      RuntimeException e,
      Function<String, R> failure) {
    driver.failedBeforeDriver(
        operation,
        e instanceof ClaimLookupException
            ? DraDriver.FailureReason.CLAIM_LOOKUP
            : DraDriver.FailureReason.DRIVER_EXCEPTION,
        refs.size());
    Map<String, R> failed = new LinkedHashMap<>();
    refs.forEach(ref -> failed.put(ref.uid(), failure.apply(ClaimErrors.describe(ref, e))));
    return failed;
  }

  private static void logOutcome(String operation, ClaimRef claim, String error) {
    try (LogContext.Scope scope = LogContext.claims(List.of(claim))) {
      if (error.isEmpty()) {
        log.info("{} succeeded for claim {}", operation, claim);
      } else {
        log.warn("{} failed for claim {}: {}", operation, claim, error);
      }
    }
  }
}
