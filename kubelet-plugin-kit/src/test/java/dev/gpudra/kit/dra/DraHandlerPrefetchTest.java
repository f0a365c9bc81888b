package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.testfixtures.claims.TestClaims;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How DraHandler overlaps fetching the next call's claim with the call preparing under lock. */
class DraHandlerPrefetchTest {
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final CountDownLatch inDriver = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExecutorService callers = Executors.newFixedThreadPool(3);
  @TempDir Path dir;

  @AfterEach
  void stop() {
    release.countDown();
    callers.shutdownNow();
  }

  /** Records each prepare; holds claim "a" in prepare (so under the node lock) until released. */
  private final class BlockingDriver implements DraDriver {
    @Override
    public Map<String, PrepareResult> prepare(List<ResourceClaim> batch) {
      String name = batch.getFirst().getMetadata().getName();
      events.add("prepare " + name);
      if (name.equals("a")) {
        inDriver.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return Map.of(batch.getFirst().getMetadata().getUid(), PrepareResult.of(List.of()));
    }

    @Override
    public Map<String, UnprepareResult> unprepare(List<ClaimRef> refs) {
      return Map.of();
    }

    @Override
    public void handleError(Throwable error, String context) {}
  }

  @Test
  @DisplayName(
      "while one call prepares under the lock the next call's claim is fetched, and no third"
          + " call's: two claims in memory at most")
  void nextCallFetchesWhileOnePrepares() throws Exception {
    DraHandler handler = handler();

    Future<Map<String, PrepareResult>> a = call(handler, "a");
    assertThat(inDriver.await(10, TimeUnit.SECONDS)).isTrue();
    Future<Map<String, PrepareResult>> b = call(handler, "b");
    await().atMost(Duration.ofSeconds(10)).until(() -> events.contains("fetch b"));
    Future<Map<String, PrepareResult>> c = call(handler, "c");

    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .untilAsserted(() -> assertThat(events).containsExactly("fetch a", "prepare a", "fetch b"));

    release.countDown();
    for (Future<Map<String, PrepareResult>> done : List.of(a, b, c)) {
      assertThat(done.get(10, TimeUnit.SECONDS).values())
          .allSatisfy(r -> assertThat(r.error()).isEmpty());
    }
    assertThat(events).containsSubsequence("prepare a", "fetch c", "prepare c");
    assertThat(events).containsSubsequence("fetch b", "prepare b");
  }

  private Future<Map<String, PrepareResult>> call(DraHandler handler, String name) {
    return callers.submit(() -> handler.prepare(List.of(new ClaimRef("ns", name, "uid-" + name))));
  }

  private DraHandler handler() {
    ClaimFetcher fetcher =
        (ns, name) -> {
          events.add("fetch " + name);
          return Optional.of(TestClaims.allocated(ns, name, "uid-" + name, "gpu-0"));
        };
    return new DraHandler(
        new BlockingDriver(),
        new ClaimResolver(fetcher),
        new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(20)));
  }
}
