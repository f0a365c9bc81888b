package dev.gpudra.api.clusterpolicy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Unmodifiable copies for the spec records' lists and maps. Unlike {@code List.copyOf}, absent
 * stays absent (null is not made empty, which NVIDIA's semantics would read differently) and null
 * elements are kept for the API server's validation to judge.
 */
final class Frozen {
  private Frozen() {}

  static <T> List<T> list(List<T> list) {
    return list == null ? null : Collections.unmodifiableList(new ArrayList<>(list));
  }

  static <V> Map<String, V> map(Map<String, V> map) {
    return map == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
