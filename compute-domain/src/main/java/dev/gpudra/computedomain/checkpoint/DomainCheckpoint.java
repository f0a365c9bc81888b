package dev.gpudra.computedomain.checkpoint;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Version 1 of the compute-domain plugin's checkpoint.
 *
 * @param nodeBootId the boot ID it was written under; empty when unknown
 * @param claims claims by UID, sorted
 */
public record DomainCheckpoint(String nodeBootId, Map<String, DomainClaim> claims) {
  public static final int VERSION = 1;

  public DomainCheckpoint {
    nodeBootId = nodeBootId == null ? "" : nodeBootId;
    claims = Collections.unmodifiableMap(new TreeMap<>(claims == null ? Map.of() : claims));
  }

  public static DomainCheckpoint empty(String nodeBootId) {
    return new DomainCheckpoint(nodeBootId, Map.of());
  }

  public DomainCheckpoint withClaim(String uid, DomainClaim claim) {
    Map<String, DomainClaim> changed = new TreeMap<>(claims);
    changed.put(uid, claim);
    return new DomainCheckpoint(nodeBootId, changed);
  }

  public DomainCheckpoint withoutClaim(String uid) {
    Map<String, DomainClaim> changed = new TreeMap<>(claims);
    changed.remove(uid);
    return new DomainCheckpoint(nodeBootId, changed);
  }

  public DomainCheckpoint withNodeBootId(String bootId) {
    return new DomainCheckpoint(bootId, claims);
  }
}
