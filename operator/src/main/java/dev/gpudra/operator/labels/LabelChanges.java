package dev.gpudra.operator.labels;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a node's labels must become: labels to set (with their values) and labels to remove.
 *
 * @param set label values to write
 * @param remove label keys to delete
 */
public record LabelChanges(Map<String, String> set, Set<String> remove) {
  public LabelChanges {
    set = Map.copyOf(set);
    remove = Set.copyOf(new TreeSet<>(remove));
  }

  public boolean isEmpty() {
    return set.isEmpty() && remove.isEmpty();
  }

  /** {@code labels} with these changes made. */
  public Map<String, String> applyTo(Map<String, String> labels) {
    Map<String, String> after = new LinkedHashMap<>(labels);
    after.keySet().removeAll(remove);
    after.putAll(set);
    return after;
  }
}
