package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;

/**
 * The API writes that bring a pool to its desired state, in the order to apply them.
 *
 * @param generation the pool generation the current slices carry after the writes
 * @param deletes obsolete slices (with name, uid and resourceVersion)
 * @param updates existing slices with their new content
 * @param creates new slices (generateName, no name)
 */
public record SyncPlan(
    long generation,
    List<ResourceSlice> deletes,
    List<ResourceSlice> updates,
    List<ResourceSlice> creates) {
  public SyncPlan {
    deletes = List.copyOf(deletes);
    updates = List.copyOf(updates);
    creates = List.copyOf(creates);
  }

  public boolean writesNothing() {
    return deletes.isEmpty() && updates.isEmpty() && creates.isEmpty();
  }

  public int writes() {
    return deletes.size() + updates.size() + creates.size();
  }
}
