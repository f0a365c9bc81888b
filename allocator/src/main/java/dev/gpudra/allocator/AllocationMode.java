package dev.gpudra.allocator;

/** {@code allocationMode} of a request or subrequest. */
public enum AllocationMode {
  /** {@code ExactCount}: exactly {@code count} devices (default 1). */
  EXACT_COUNT,
  /** {@code All}: every matching device on the node, and at least one. */
  ALL
}
