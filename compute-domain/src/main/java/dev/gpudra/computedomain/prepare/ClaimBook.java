package dev.gpudra.computedomain.prepare;

import dev.gpudra.computedomain.checkpoint.DomainCheckpoint;
import dev.gpudra.kit.checkpoint.CheckpointFile;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The checkpoint of the node's claims and the clock that dates aborted ones.
 *
 * @param file the checkpoint file
 * @param clock the time an undone PrepareStarted claim is marked aborted at
 */
public record ClaimBook(CheckpointFile<DomainCheckpoint> file, Clock clock) {
  /**
   * How long an aborted claim is kept: twice the kubelet plugin's longest retry of one prepare (45
   * s), as NVIDIA's; a stale retry arrives within it.
   */
  public static final Duration ABORTED_TTL = Duration.ofSeconds(90);

  public ClaimBook {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(clock, "clock");
  }

  public DomainCheckpoint read() {
    return file.read();
  }

  /** Drops the aborted claims older than {@link #ABORTED_TTL}; returns how many. */
  public int dropExpiredAborted() {
    List<String> expired =
        read().claims().entrySet().stream()
            .filter(e -> e.getValue().abortExpired(clock.instant(), ABORTED_TTL))
            .map(Map.Entry::getKey)
            .toList();
    if (!expired.isEmpty()) {
      file.update(c -> {
        DomainCheckpoint left = c;
        for (String uid : expired) {
          left = left.withoutClaim(uid);
        }
        return left;
      });
    }
    return expired.size();
  }
}
