package dev.gpudra.localcluster.kubelet;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One lock per claim UID, as the kubelet's claim cache serializes the pods that share a claim:
 * prepare and unprepare of one claim never overlap, while pods with other claims go on (a prepare
 * that waits for another pod, e.g. an MPS daemon's, holds only its own claims).
 */
final class ClaimLocks {
  private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();

  /** The locks of the claims, taken in UID order (no two pods wait on each other's). */
  Held lock(Collection<String> claimUids) {
    List<ReentrantLock> taken = new ArrayList<>();
    for (String uid : new TreeSet<>(claimUids)) {
      ReentrantLock lock = locks.computeIfAbsent(uid, k -> new ReentrantLock());
      lock.lock();
      taken.add(lock);
    }
    return new Held(taken);
  }

  /** Locks held until closed. */
  static final class Held implements AutoCloseable {
    private final List<ReentrantLock> taken;

    private Held(List<ReentrantLock> taken) {
      this.taken = taken;
    }

    @Override
    public void close() {
      for (int i = taken.size() - 1; i >= 0; i--) {
        taken.get(i).unlock();
      }
    }
  }
}
