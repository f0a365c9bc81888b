package dev.gpudra.kit.slices;

import java.time.Duration;
import java.util.Objects;

/**
 * How the publisher talks to the API server.
 *
 * @param selectors whether the API server filters slices by field
 * @param eventDelay how long after a watch event the pool is synced (events are coalesced)
 * @param maxRetryDelay the longest wait between retries of a failed sync (doubling from 1 s)
 */
public record PublisherSettings(
    FieldSelectors selectors, Duration eventDelay, Duration maxRetryDelay) {
  public PublisherSettings {
    Objects.requireNonNull(selectors, "selectors");
    Objects.requireNonNull(eventDelay, "eventDelay");
    Objects.requireNonNull(maxRetryDelay, "maxRetryDelay");
  }

  /** Server-side field selectors, 500 ms event delay, retries up to 30 s apart. */
  public static PublisherSettings defaults() {
    return new PublisherSettings(
        FieldSelectors.SERVER_SIDE, Duration.ofMillis(500), Duration.ofSeconds(30));
  }

  public PublisherSettings withSelectors(FieldSelectors value) {
    return new PublisherSettings(value, eventDelay, maxRetryDelay);
  }
}
