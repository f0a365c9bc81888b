package dev.gpudra.gpu.checkpoint;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Version 1 of the checkpoint: the node boot ID it was written under and the claims by UID.
 *
 * @param nodeBootId {@code /proc/sys/kernel/random/boot_id} at write time; empty when unknown
 * @param claims prepared claims keyed by claim UID, sorted
 */
public record CheckpointV1(String nodeBootId, Map<String, PreparedClaim> claims) {
  /** The {@code version} written in the envelope for this record type. */
  public static final int VERSION = 1;

  public CheckpointV1 {
    nodeBootId = nodeBootId == null ? "" : nodeBootId;
    // a sorted view: copying it into a TreeMap (withClaim, this constructor) is linear, not n log n
    claims = Collections.unmodifiableSortedMap(new TreeMap<>(claims == null ? Map.of() : claims));
  }

  public static CheckpointV1 empty(String nodeBootId) {
    return new CheckpointV1(nodeBootId, Map.of());
  }

  public CheckpointV1 withClaim(String uid, PreparedClaim claim) {
    Map<String, PreparedClaim> changed = new TreeMap<>(claims);
    changed.put(uid, claim);
    return new CheckpointV1(nodeBootId, changed);
  }

  public CheckpointV1 withoutClaim(String uid) {
    Map<String, PreparedClaim> changed = new TreeMap<>(claims);
    changed.remove(uid);
    return new CheckpointV1(nodeBootId, changed);
  }

  /** The same checkpoint without its claims (what {@link CheckpointCodec} renders around them). */
  CheckpointV1 withoutClaims() {
    return new CheckpointV1(nodeBootId, Map.of());
  }

  public CheckpointV1 withNodeBootId(String bootId) {
    return new CheckpointV1(bootId, claims);
  }
}
