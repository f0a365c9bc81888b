package dev.gpudra.allocator.cel.library;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * A read-only map from attribute domain to the attributes of that domain that reads a missing
 * domain as an empty map. {@code containsKey} stays honest, so CEL's {@code in} operator answers
 * false for a domain the device does not publish, while indexing never fails (the DRA rule).
 *
 * @param <V> the value type of the inner maps
 */
public final class EmptyDefaultMap<V> extends AbstractMap<String, Map<String, V>> {
  private final Map<String, Map<String, V>> domains;

  /** Wraps an immutable copy of {@code domains}. */
  public EmptyDefaultMap(Map<String, Map<String, V>> domains) {
    this.domains = Map.copyOf(domains);
  }

  @Override
  public Map<String, V> get(Object domain) {
    Map<String, V> inner = domains.get(domain);
    return inner == null ? Map.of() : inner;
  }

  @Override
  public boolean containsKey(Object domain) {
    return domains.containsKey(domain);
  }

  @Override
  public Set<Entry<String, Map<String, V>>> entrySet() {
    return domains.entrySet();
  }
}
