package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.flock.LockFileException;

/** The one place where an exception becomes the error string of a claim in a DRA response. */
final class ClaimErrors {
  private ClaimErrors() {}

  static String describe(ClaimRef claim, Throwable error) {
    return switch (error) {
      case ClaimLookupException e -> e.getMessage();
      case LockTimeoutException e -> "claim " + claim + ": " + e.getMessage();
      case LockFileException e -> "claim " + claim + ": " + e.getMessage();
      default -> "driver failed for claim " + claim + ": " + error;
    };
  }

  /** A claim reference of the kubelet's request that cannot name a claim. */
  static String invalidRef(int index, String problem) {
    return "invalid claim reference claims[" + index + "] in the request: " + problem;
  }

  static String missingResult(ClaimRef claim) {
    return "driver returned no result for claim " + claim;
  }
}
