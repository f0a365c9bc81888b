package dev.gpudra.controllerkit.informers;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for informers' first lists against one deadline, and says which one did not come. */
final class SyncWait {
  /** One informer's first list, under way. */
  record Pending(String name, CompletableFuture<?> listed) {
    Pending {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(listed, "listed");
    }
  }

  private final Duration bound;

  SyncWait(Duration bound) {
    this.bound = bound;
  }

  /**
   * Returns once every one has listed.
   *
   * @throws CacheSyncException the first that failed, or did not list within the bound
   */
  void await(List<Pending> pending) {
    long deadline = System.nanoTime() + bound.toNanos();
    for (Pending p : pending) {
      long left = Math.max(0, deadline - System.nanoTime());
      try {
        p.listed().get(left, TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        throw new CacheSyncException("informer " + p.name() + ": did not list within " + bound, e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        throw new CacheSyncException(
            "informer " + p.name() + ": cannot list: " + cause.getMessage(), cause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CacheSyncException("informer " + p.name() + ": interrupted while listing", e);
      }
    }
  }
}
