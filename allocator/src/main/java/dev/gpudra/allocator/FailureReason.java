package dev.gpudra.allocator;

/** Why a claim cannot be allocated on a node. */
public enum FailureReason {
  /** A request names a DeviceClass that does not exist. */
  UNKNOWN_DEVICE_CLASS,
  /** A request or constraint uses a shape this allocator does not support. */
  UNSUPPORTED_REQUEST,
  /** A request (every subrequest of it) has fewer usable devices than it needs. */
  NOT_ENOUGH_DEVICES,
  /** Each request has enough devices alone, but no combination satisfies the whole claim. */
  NO_COMBINATION,
  /** A request asks for All devices while one of the node's pools is incomplete. */
  INCOMPLETE_POOL,
  /** The search reached a pool with duplicate device names. */
  INVALID_POOL,
  /** An All request includes a device that a claim constraint rules out. */
  CONSTRAINT_EXCLUDES_ALL,
  /** The claim needs more than 32 devices, the limit of an allocation result. */
  TOO_MANY_DEVICES,
  /**
   * A selector failed at run time on a device the scheduler had to look at (a CEL runtime error):
   * the scheduler aborts the allocation with an error instead of skipping the device.
   */
  SELECTOR_ERROR,
  /** The search gave up after its step budget. */
  SEARCH_LIMIT,
  /**
   * A request has admin access, but the claim's namespace lacks the admin-access label: the API
   * server refuses the claim (reported by explain, not the allocator).
   */
  ADMIN_ACCESS_DENIED,
  /** The node is cordoned and the pod does not tolerate that (reported by explain). */
  NODE_UNSCHEDULABLE,
  /** The node has a taint the pod does not tolerate (reported by explain). */
  NODE_TAINTED
}
