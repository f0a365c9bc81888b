package dev.gpudra.controller.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this controller created moments ago. Its caches may not show an object yet when the next
 * pass of the same domain comes (its own writes trigger passes), and a second create would only be
 * refused by the API server; within {@link #TTL} the object is taken as there, after it the caches
 * decide again.
 */
final class RecentCreates {
  static final Duration TTL = Duration.ofSeconds(10);

  /** Beyond this many entries, expired ones are dropped at the next create. */
  private static final int TIDY_ABOVE = 1024;

  private final Map<String, Instant> created = new ConcurrentHashMap<>();
  private final Clock clock;

  RecentCreates(Clock clock) {
    this.clock = clock;
  }

  boolean recent(HasMetadata object) {
    Instant at = created.get(key(object));
    return at != null && !expired(at, clock.instant());
  }

  void created(HasMetadata object) {
    Instant now = clock.instant();
    if (created.size() > TIDY_ABOVE) {
      created.values().removeIf(at -> expired(at, now));
    }
    created.put(key(object), now);
  }

  private static boolean expired(Instant at, Instant now) {
    return Duration.between(at, now).compareTo(TTL) >= 0;
  }

  private static String key(HasMetadata object) {
    return object.getClass().getSimpleName()
        + "/"
        + object.getMetadata().getNamespace()
        + "/"
        + object.getMetadata().getName();
  }
}
