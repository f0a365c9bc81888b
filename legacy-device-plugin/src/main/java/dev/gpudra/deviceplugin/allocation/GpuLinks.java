package dev.gpudra.deviceplugin.allocation;

import dev.gpudra.nvml.GpuLink;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How every pair of a node's GPUs is linked, by device ID (a whole GPU's UUID), read once at start.
 * Complete: every pair of the listed devices has a link.
 */
public final class GpuLinks {
  private final List<String> ids;
  private final Map<String, Map<String, GpuLink>> links;

  /** How a pair is linked; asked once per unordered pair. */
  @FunctionalInterface
  public interface Reader {
    GpuLink link(String a, String b);
  }

  private GpuLinks(List<String> ids, Map<String, Map<String, GpuLink>> links) {
    this.ids = ids;
    this.links = links;
  }

  /** Reads the link of every pair of {@code ids} (distinct) through {@code reader}. */
  public static GpuLinks read(List<String> ids, Reader reader) {
    if (Set.copyOf(ids).size() != ids.size()) {
      throw new IllegalArgumentException("device IDs must be distinct: " + ids);
    }
    Map<String, Map<String, GpuLink>> links = new HashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      for (int j = i + 1; j < ids.size(); j++) {
        GpuLink link = reader.link(ids.get(i), ids.get(j));
        links.computeIfAbsent(ids.get(i), k -> new HashMap<>()).put(ids.get(j), link);
        links.computeIfAbsent(ids.get(j), k -> new HashMap<>()).put(ids.get(i), link);
      }
    }
    return new GpuLinks(List.copyOf(ids), links);
  }

  /** The devices, in the order given. */
  public List<String> ids() {
    return ids;
  }

  public boolean covers(String id) {
    return ids.contains(id);
  }

  /** The link between two different listed devices. */
  public GpuLink between(String a, String b) {
    GpuLink link = links.getOrDefault(a, Map.of()).get(b);
    if (link == null) {
      throw new IllegalArgumentException("no link known between " + a + " and " + b);
    }
    return link;
  }

  @Override
  public String toString() {
    return "GpuLinks" + ids;
  }
}
