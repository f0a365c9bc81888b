package dev.gpudra.allocator.cel;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Compiled selectors by expression text: bounded, least-recently-used eviction, thread-safe (one
 * lock, held only for map operations, never while compiling; two threads may compile the same
 * expression once each and the first stored wins).
 */
final class SelectorCache {
  private final int capacity;
  private final Map<String, CompiledSelector> entries;

  SelectorCache(int capacity) {
    this.capacity = capacity;
    this.entries = new LinkedHashMap<>(16, 0.75f, true);
  }

  synchronized Optional<CompiledSelector> get(String expression) {
    return Optional.ofNullable(entries.get(expression));
  }

  synchronized CompiledSelector putIfAbsent(CompiledSelector selector) {
    if (capacity == 0) {
      return selector;
    }
    CompiledSelector existing = entries.putIfAbsent(selector.expression(), selector);
    if (existing != null) {
      return existing;
    }
    if (entries.size() > capacity) {
      entries.remove(entries.keySet().iterator().next());
    }
    return selector;
  }

  synchronized int size() {
    return entries.size();
  }
}
