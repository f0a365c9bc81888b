package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Renders a checkpoint's map of immutable values (claims by UID) as {@link JsonFragment}s, keeping
 * those of the previous call: a value that is the same instance under the same key as then is not
 * rendered again. A checkpoint changed in one entry is thus re-rendered in that entry only; the
 * rest of an encode is copying text and hashing it. Holds the fragments of the last call only.
 *
 * @param <V> an immutable value type (a record of records, strings and lists)
 */
public final class FragmentCache<V> {
  private final Function<V, JsonNode> toTree;
  private final ObjectWriter pretty;
  private final AtomicReference<Map<String, Rendered<V>>> last = new AtomicReference<>(Map.of());

  private record Rendered<V>(V value, JsonFragment fragment) {}

  /**
   * @param toTree the value's generic tree, as the envelope's mapper renders it
   * @param pretty the writer of the envelope's mapper
   */
  FragmentCache(Function<V, JsonNode> toTree, ObjectWriter pretty) {
    this.toTree = Objects.requireNonNull(toTree, "toTree");
    this.pretty = Objects.requireNonNull(pretty, "pretty");
  }

  /** An object of the entries, in their map's order, each value a fragment. */
  public ObjectNode render(Map<String, V> entries) {
    Map<String, Rendered<V>> previous = last.get();
    Map<String, Rendered<V>> next = HashMap.newHashMap(entries.size());
    ObjectNode object = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, V> entry : entries.entrySet()) {
      Rendered<V> rendered = previous.get(entry.getKey());
      if (rendered == null || rendered.value() != entry.getValue()) {
        V value = entry.getValue();
        rendered = new Rendered<>(value, JsonFragment.of(toTree.apply(value), pretty));
      }
      next.put(entry.getKey(), rendered);
      object.set(entry.getKey(), rendered.fragment().node());
    }
    last.set(next);
    return object;
  }
}
