package dev.gpudra.gpu.state;

import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.dra.LockTimeoutException;
import dev.gpudra.kit.dra.NodeLock;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls back claims left in PrepareStarted whose ResourceClaim no longer exists or now has another
 * UID: the kubelet will never unprepare those. Each roll-back holds the node lock ({@code
 * pu.lock}), as a prepare does, so that it never races a prepare of this plugin or of NVIDIA's. The
 * wiring runs {@link #runOnce()} at start and then periodically. Claims checkpointed without a name
 * cannot be looked up and are left alone.
 */
public final class StaleClaimCleaner {
  private static final Logger log = LoggerFactory.getLogger(StaleClaimCleaner.class);

  private final DeviceState state;
  private final ClaimLookup claims;
  private final NodeLock nodeLock;

  public StaleClaimCleaner(DeviceState state, ClaimLookup claims, NodeLock nodeLock) {
    this.state = Objects.requireNonNull(state, "state");
    this.claims = Objects.requireNonNull(claims, "claims");
    this.nodeLock = Objects.requireNonNull(nodeLock, "nodeLock");
  }

  /**
   * @return how many claims were rolled back
   */
  public int runOnce() {
    int rolledBack = 0;
    for (StartedClaim started : state.startedClaims()) {
      if (started.name().isEmpty() || started.namespace().isEmpty()) {
        continue;
      }
      Optional<String> current;
      try {
        current = claims.currentUid(started.namespace(), started.name());
      } catch (RuntimeException e) {
        log.warn(
            "cannot look up claim {}/{}; will retry later", started.namespace(), started.name(), e);
        continue;
      }
      if (current.filter(started.uid()::equals).isPresent()) {
        continue;
      }
      boolean rolled;
      try (NodeLock.Held held = nodeLock.acquire()) {
        rolled = state.rollBackStarted(started.uid());
      } catch (CdiException | LockTimeoutException e) {
        log.warn(
            "cannot roll back stale claim {}/{} ({}); kept for the next round: {}",
            started.namespace(),
            started.name(),
            started.uid(),
            e.getMessage());
        continue;
      }
      if (rolled) {
        log.info(
            "rolled back stale claim {}/{} ({}): {}",
            started.namespace(),
            started.name(),
            started.uid(),
            current.isEmpty() ? "claim is gone" : "claim now has UID " + current.get());
        rolledBack++;
      }
    }
    return rolledBack;
  }
}
