package dev.gpudra.allocator;

/**
 * What happened to one device for one request, the first reason that applied.
 *
 * <p>Static checks run in this order: {@link #POOL_INVALID}, class selectors, request selectors,
 * taints, compatibility groups, counters, capacity, {@link #ALREADY_ALLOCATED}. {@link
 * #TAKEN_BY_CLAIM}, {@link #COUNTERS_TAKEN_BY_CLAIM}, {@link #CAPACITY_TAKEN_BY_CLAIM} and {@link
 * #CONSTRAINT} come from the search and are kept only when the device was not chosen in the end.
 */
public enum CandidateOutcome {
  /** Allocated to this request. */
  CHOSEN(true),
  /** Usable, but not needed (enough devices came earlier in the iteration order). */
  MATCHED(true),
  /** Chosen for another request of the same claim. */
  TAKEN_BY_CLAIM(true),
  /** A {@code matchAttribute} or {@code distinctAttribute} constraint of the claim ruled it out. */
  CONSTRAINT(true),
  /** Its shares chosen for other requests of this claim leave too little consumable capacity. */
  CAPACITY_TAKEN_BY_CLAIM(true),
  /** A selector of the DeviceClass evaluated to false. */
  CLASS_SELECTOR(false),
  /** A selector of the request evaluated to false. */
  REQUEST_SELECTOR(false),
  /** A class or request selector failed to compile or evaluate; the device does not match. */
  SELECTOR_ERROR(false),
  /**
   * On a counter set it consumes, its compatibility groups share none with the devices this claim
   * chose so far and other claims hold.
   */
  GROUPS_TAKEN_BY_CLAIM(true),
  /** On a counter set it consumes, other claims' devices share none of its compatibility groups. */
  GROUPS_IN_USE(false),
  /** The devices of this claim chosen so far leave too little of a shared counter it consumes. */
  COUNTERS_TAKEN_BY_CLAIM(true),
  /** Devices of other claims leave too little of a shared counter it consumes. */
  COUNTERS_IN_USE(false),
  /** Has a NoSchedule or NoExecute taint the request does not tolerate. */
  TAINTED(false),
  /**
   * Cannot give the request the capacity it asks: a capacity it lacks, an amount its request policy
   * does not allow, or more than it has.
   */
  CAPACITY(false),
  /** Allows multiple allocations, but other claims' shares leave too little capacity. */
  CAPACITY_IN_USE(false),
  /** Allocated to another claim, and the request has no admin access. */
  ALREADY_ALLOCATED(false),
  /** Its pool has duplicate device names; the scheduler refuses to allocate from it. */
  POOL_INVALID(false);

  private final boolean usable;

  CandidateOutcome(boolean usable) {
    this.usable = usable;
  }

  /** Whether the device passed every check that does not depend on the other choices. */
  public boolean usable() {
    return usable;
  }
}
