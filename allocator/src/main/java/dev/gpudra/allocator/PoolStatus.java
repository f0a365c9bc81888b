package dev.gpudra.allocator;

import java.util.Objects;

/**
 * A resource pool with devices for the node, as the scheduler reads it.
 *
 * @param driver the driver
 * @param pool the pool name
 * @param generation the highest generation published; older slices are ignored
 * @param state complete, incomplete (fewer slices than {@code resourceSliceCount}) or invalid
 * @param detail why it is incomplete or invalid; empty when complete
 */
public record PoolStatus(
    String driver, String pool, long generation, PoolStatus.State state, String detail) {

  /** The three states of a pool. */
  public enum State {
    COMPLETE,
    /** Usable for ExactCount; a request for All devices fails while any pool is incomplete. */
    INCOMPLETE,
    /** Duplicate device names: the scheduler fails when it reaches this pool. */
    INVALID
  }

  public PoolStatus {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(detail, "detail");
  }
}
