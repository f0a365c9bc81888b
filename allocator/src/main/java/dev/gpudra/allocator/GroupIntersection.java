package dev.gpudra.allocator;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the devices allocated from one counter set have in common (DRADeviceCompatibilityGroups):
 * none yet; none of them has groups; or the groups every one of them has. As kube-scheduler 1.37's
 * allocator, a device joins only if none has groups and it has none, or it has a group every member
 * has; devices on other counter sets are never compared.
 *
 * @param hasMembers whether any device is allocated from the counter set
 * @param allEmpty whether every member so far has no groups
 * @param groups the groups all members share (empty while {@code allEmpty})
 */
record GroupIntersection(boolean hasMembers, boolean allEmpty, Set<String> groups) {
  static final GroupIntersection EMPTY = new GroupIntersection(false, true, Set.of());

  GroupIntersection {
    groups = Set.copyOf(groups);
  }

  /** Whether a device with {@code candidate} groups (empty: none) may join. */
  boolean admits(List<String> candidate) {
    if (!hasMembers) {
      return true;
    }
    if (candidate.isEmpty()) {
      return allEmpty;
    }
    return !allEmpty && candidate.stream().anyMatch(groups::contains);
  }

  /**
   * This intersection with a device of {@code member} groups joined; call after {@link #admits}.
   */
  GroupIntersection with(List<String> member) {
    if (!hasMembers) {
      return new GroupIntersection(true, member.isEmpty(), Set.copyOf(member));
    }
    if (allEmpty || member.isEmpty()) {
      return this; // admits() kept the other side consistent
    }
    Set<String> narrowed = new TreeSet<>(groups);
    narrowed.retainAll(Set.copyOf(member));
    return new GroupIntersection(true, false, narrowed);
  }

  /** {@code [a, b]}, or {@code no groups}. */
  String describe() {
    return allEmpty ? "no groups" : new TreeSet<>(groups).toString();
  }
}
