package dev.gpudra.allocator;

/** How a request or subrequest ended. */
public enum RequestOutcome {
  /** Devices were allocated for it. */
  ALLOCATED,
  /** No devices were allocated for it (the claim failed, or a subrequest did not fit). */
  NOT_ALLOCATED,
  /** A subrequest listed after the one that was allocated; never tried. */
  NOT_NEEDED
}
