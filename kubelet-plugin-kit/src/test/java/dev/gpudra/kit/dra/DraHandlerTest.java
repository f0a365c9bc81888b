package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.testfixtures.claims.TestClaims;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DraHandlerTest {
  private static final ClaimRef GOOD = new ClaimRef("ns", "good", "uid-good");

  private final Map<String, ResourceClaim> api = new HashMap<>();
  private final Driver driver = new Driver();
  @TempDir Path dir;

  /** Answers prepare from the claims' allocation results; can be told to fail or forget. */
  static final class Driver implements DraDriver {
    final List<List<String>> prepared = new ArrayList<>();
    RuntimeException failure;
    String forgetUid = "";
    int notYet;
    final List<String> events = new ArrayList<>();
    final List<String> failedBefore = new ArrayList<>();

    @Override
    public void failedBeforeDriver(Operation operation, FailureReason reason, int claims) {
      failedBefore.add(operation + " " + reason + " " + claims);
    }

    @Override
    public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
      prepared.add(claims.stream().map(c -> c.getMetadata().getUid()).toList());
      claims.forEach(c -> events.add("prepare " + c.getMetadata().getName()));
      if (failure != null) {
        throw failure;
      }
      Map<String, PrepareResult> out = new LinkedHashMap<>();
      for (ResourceClaim c : claims) {
        if (c.getMetadata().getUid().equals(forgetUid)) {
          continue;
        }
        if (notYet > 0) {
          notYet--;
          out.put(c.getMetadata().getUid(), PrepareResult.retryLater("daemon not ready yet"));
          continue;
        }
        var r = c.getStatus().getAllocation().getDevices().getResults().get(0);
        out.put(
            c.getMetadata().getUid(),
            PrepareResult.of(
                List.of(
                    new PreparedDevice(
                        List.of(r.getRequest()),
                        r.getPool(),
                        r.getDevice(),
                        List.of(),
                        Optional.empty()))));
      }
      return out;
    }

    @Override
    public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
      if (failure != null) {
        throw failure;
      }
      Map<String, UnprepareResult> out = new LinkedHashMap<>();
      claims.forEach(c -> out.put(c.uid(), UnprepareResult.ok()));
      return out;
    }

    @Override
    public void handleError(Throwable error, String context) {}
  }

  @Test
  @DisplayName(
      "a node lock held elsewhere fails every claim of the call with a lock error after one wait,"
          + " fetches only the first (before the lock), and tells the driver (lock_acquire in its"
          + " metrics)")
  void lockTimeoutReachesTheDriver() {
    DraHandler handler = handler();
    NodeLock other = new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1));

    api.put("ns/other", TestClaims.allocated("ns", "other", "uid-other", "gpu-1"));
    ClaimRef second = new ClaimRef("ns", "other", "uid-other");

    Map<String, PrepareResult> results;
    long start = System.nanoTime();
    try (NodeLock.Held held = other.acquire()) {
      results = handler.prepare(List.of(GOOD, second));
    }

    // the lock is waited for once per call, not once per claim
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(1900));
    assertThat(results.get(GOOD.uid()).error()).contains("timed out", "pu.lock");
    assertThat(results.get(second.uid()).error()).contains("timed out", "pu.lock");
    assertThat(driver.prepared).isEmpty();
    assertThat(driver.events).containsExactly("fetch good");
    assertThat(driver.failedBefore).containsExactly("PREPARE LOCK_ACQUIRE 2");
  }

  @Test
  @DisplayName(
      "a lock file that cannot be opened (its directory unwritable) fails each claim of prepare and"
          + " unprepare with an error naming the file and why; the call itself answers")
  void unopenableLockFileFailsEachClaim() throws Exception {
    api.put("ns/good", TestClaims.allocated("ns", "good", "uid-good", "gpu-0"));
    api.put("ns/other", TestClaims.allocated("ns", "other", "uid-other", "gpu-1"));
    ClaimRef second = new ClaimRef("ns", "other", "uid-other");
    Path inTheWay = Files.writeString(dir.resolve("plugin"), "a file, not a directory");
    Path lockFile = inTheWay.resolve("pu.lock");
    DraHandler handler =
        new DraHandler(
            driver,
            new ClaimResolver((ns, name) -> Optional.ofNullable(api.get(ns + "/" + name))),
            new NodeLock(lockFile, Duration.ofSeconds(1)));

    Map<String, PrepareResult> prepared = handler.prepare(List.of(GOOD, second));
    Map<String, UnprepareResult> unprepared = handler.unprepare(List.of(GOOD, second));

    for (ClaimRef ref : List.of(GOOD, second)) {
      assertThat(prepared.get(ref.uid()).error())
          .startsWith("claim " + ref + ": cannot create the directory of lock file " + lockFile)
          .contains("a file of that name is in the way");
      assertThat(prepared.get(ref.uid()).retryable()).isFalse();
      assertThat(unprepared.get(ref.uid()).error()).contains(lockFile.toString());
    }
    assertThat(driver.prepared).isEmpty();
    assertThat(driver.failedBefore)
        .containsExactly("PREPARE LOCK_ACQUIRE 2", "UNPREPARE LOCK_ACQUIRE 2");
  }

  @Test
  @DisplayName(
      "a retryable answer is tried again within the window with the node lock released in"
          + " between; past the window the last answer stands")
  void retriesWithinTheWindow() throws Exception {
    api.put("ns/good", TestClaims.allocated("ns", "good", "uid-good", "gpu-0"));
    NodeLock lock = new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1));
    DraHandler handler =
        new DraHandler(
            driver,
            new ClaimResolver((ns, name) -> Optional.ofNullable(api.get(ns + "/" + name))),
            lock,
            Duration.ofSeconds(5));
    driver.notYet = 2;

    Map<String, PrepareResult> results = handler.prepare(List.of(GOOD));

    assertThat(results.get(GOOD.uid()).failed()).isFalse();
    assertThat(driver.prepared).hasSize(3);

    driver.notYet = 100;
    NodeLock other = new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1));
    var between =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try (NodeLock.Held held = other.acquire()) {
                return true; // another call got the lock while this one waited to retry
              }
            },
            java.util.concurrent.CompletableFuture.delayedExecutor(
                100, java.util.concurrent.TimeUnit.MILLISECONDS));
    DraHandler shortWindow =
        new DraHandler(
            driver,
            new ClaimResolver((ns, name) -> Optional.ofNullable(api.get(ns + "/" + name))),
            lock,
            Duration.ofMillis(900));
    PrepareResult last = shortWindow.prepare(List.of(GOOD)).get(GOOD.uid());

    assertThat(last.error()).isEqualTo("daemon not ready yet");
    assertThat(last.retryable()).isTrue();
    assertThat(between.get(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
  }

  @Test
  @DisplayName("a claim that cannot be looked up is reported to the driver as a lookup failure")
  void lookupFailureReachesTheDriver() {
    DraHandler handler = handler();

    handler.prepare(List.of(GOOD, new ClaimRef("ns", "gone", "uid-gone")));

    assertThat(driver.failedBefore).containsExactly("PREPARE CLAIM_LOOKUP 1");
  }

  private DraHandler handler() {
    api.put("ns/good", TestClaims.allocated("ns", "good", "uid-good", "gpu-0"));
    ClaimFetcher fetcher =
        (ns, name) -> {
          driver.events.add("fetch " + name);
          return Optional.ofNullable(api.get(ns + "/" + name));
        };
    return new DraHandler(
        driver,
        new ClaimResolver(fetcher),
        new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1)));
  }

  @Test
  @DisplayName("a missing, replaced or unallocated claim fails alone; the good one is prepared")
  void badClaimsFailAlone() {
    DraHandler handler = handler();
    api.put("ns/replaced", TestClaims.allocated("ns", "replaced", "uid-new", "gpu-1"));
    api.put("ns/pending", TestClaims.unallocated("ns", "pending", "uid-pending"));
    List<ClaimRef> refs =
        List.of(
            new ClaimRef("ns", "missing", "uid-missing"),
            new ClaimRef("ns", "replaced", "uid-old"),
            new ClaimRef("ns", "pending", "uid-pending"),
            GOOD);

    Map<String, PrepareResult> results = handler.prepare(refs);

    assertThat(results).containsOnlyKeys("uid-missing", "uid-old", "uid-pending", "uid-good");
    assertThat(results.get("uid-missing").error())
        .contains("ns/missing", "uid-missing", "not found");
    assertThat(results.get("uid-old").error())
        .contains("ns/replaced", "uid-old", "replaced", "uid-new");
    assertThat(results.get("uid-pending").error())
        .contains("ns/pending", "uid-pending", "not allocated");
    assertThat(results.get("uid-good").failed()).isFalse();
    assertThat(driver.prepared).containsExactly(List.of("uid-good"));
  }

  @Test
  @DisplayName("a driver exception becomes an error for each claim of the call")
  void driverExceptionBecomesClaimErrors() {
    DraHandler handler = handler();
    driver.failure = new IllegalStateException("boom");

    assertThat(handler.prepare(List.of(GOOD)).get("uid-good").error()).contains("boom", "ns/good");
    assertThat(handler.unprepare(List.of(GOOD)).get("uid-good").error()).contains("boom");
  }

  @Test
  @DisplayName("a claim the driver forgot to answer gets an error, never a missing entry")
  void forgottenClaimGetsError() {
    DraHandler handler = handler();
    api.put("ns/other", TestClaims.allocated("ns", "other", "uid-other", "gpu-1"));
    driver.forgetUid = "uid-other";

    Map<String, PrepareResult> results =
        handler.prepare(List.of(GOOD, new ClaimRef("ns", "other", "uid-other")));

    assertThat(results.get("uid-good").failed()).isFalse();
    assertThat(results.get("uid-other").error()).contains("no result", "uid-other");
  }

  @Test
  @DisplayName(
      "claims are fetched one at a time, each prepared before the next is fetched: a call holds"
          + " one claim in memory however many it names")
  void oneClaimAtATime() {
    DraHandler handler = handler();
    api.put("ns/other", TestClaims.allocated("ns", "other", "uid-other", "gpu-1"));

    handler.prepare(List.of(GOOD, new ClaimRef("ns", "other", "uid-other")));

    assertThat(driver.events)
        .containsExactly("fetch good", "prepare good", "fetch other", "prepare other");
  }

  @Test
  @DisplayName("an empty call answers empty without calling the driver")
  void emptyCall() {
    DraHandler handler = handler();

    assertThat(handler.prepare(List.of())).isEmpty();
    assertThat(handler.unprepare(List.of())).isEmpty();
    assertThat(driver.prepared).isEmpty();
  }

  @Test
  @DisplayName(
      "a node lock that cannot even be opened fails the call's claims and gives back the prefetch"
          + " permit: the next call is not stuck behind it")
  void unusableLockLeaksNothing() throws Exception {
    api.put("ns/good", TestClaims.allocated("ns", "good", "uid-good", "gpu-0"));
    Path notADirectory = Files.writeString(dir.resolve("file"), "x");
    DraHandler handler =
        new DraHandler(
            driver,
            new ClaimResolver((ns, name) -> Optional.ofNullable(api.get(ns + "/" + name))),
            new NodeLock(notADirectory.resolve("pu.lock"), Duration.ofSeconds(1)));

    for (int call = 0; call < 2; call++) {
      assertThat(
              assertTimeoutPreemptively(Duration.ofSeconds(5), () -> handler.prepare(List.of(GOOD)))
                  .get(GOOD.uid())
                  .error())
          .contains("cannot create the directory of lock file");
    }
    assertThat(driver.prepared).isEmpty();
  }
}
