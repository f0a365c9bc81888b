package dev.gpudra.kit.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Renders a checkpoint's map of immutable values (claims by UID) as one object of {@link
 * JsonFragment}s, keeping those of the previous call: a value that is the same instance under the
 * same key as then is not rendered again, and its key's texts are kept too. A checkpoint changed in
 * one entry is thus re-rendered in that entry only; the rest of an encode is copying bytes and
 * hashing them. Holds the fragments of the last call only.
 *
 * @param <V> an immutable value type (a record of records, strings and lists)
 */
public final class FragmentCache<V> {
  private static final byte[] FIELD_VALUE_SEPARATOR = " : ".getBytes(StandardCharsets.UTF_8);

  private final Function<V, JsonNode> toTree;
  private final ObjectWriter pretty;
  private final AtomicReference<Last<V>> last =
      new AtomicReference<>(new Last<>(Map.of(), List.of()));

  private record Rendered<V>(V value, FragmentMap.Entry entry) {}

  /** The previous call's entries by key, and in key order. */
  private record Last<V>(Map<String, Rendered<V>> byKey, List<FragmentMap.Entry> sorted) {}

  /**
   * @param toTree the value's generic tree, as the envelope's mapper renders it
   * @param pretty the writer of the envelope's mapper
   */
  FragmentCache(Function<V, JsonNode> toTree, ObjectWriter pretty) {
    this.toTree = Objects.requireNonNull(toTree, "toTree");
    this.pretty = Objects.requireNonNull(pretty, "pretty");
  }

  /**
   * An object of the entries, in their map's order, each value a fragment; the envelope writes it
   * as the generic tree of the map would be written.
   */
  public JsonNode render(Map<String, V> entries) {
    Last<V> previous = last.get();
    Map<String, Rendered<V>> next = HashMap.newHashMap(entries.size());
    List<FragmentMap.Entry> inOrder = new ArrayList<>(entries.size());
    for (Map.Entry<String, V> entry : entries.entrySet()) {
      Rendered<V> rendered = previous.byKey().get(entry.getKey());
      if (rendered == null || rendered.value() != entry.getValue()) {
        rendered = new Rendered<>(entry.getValue(), entry(entry.getKey(), entry.getValue()));
      }
      next.put(entry.getKey(), rendered);
      inOrder.add(rendered.entry());
    }
    List<FragmentMap.Entry> sorted = sorted(previous, next, inOrder);
    last.set(new Last<>(next, sorted));
    return new FragmentMap(inOrder, sorted).node();
  }

  /**
   * The entries by key: the previous order of the keys still there, the new keys after them, then
   * sorted, which on such nearly sorted input is one pass.
   */
  private static <V> List<FragmentMap.Entry> sorted(
      Last<V> previous, Map<String, Rendered<V>> next, List<FragmentMap.Entry> inOrder) {
    List<FragmentMap.Entry> sorted = new ArrayList<>(inOrder.size());
    for (FragmentMap.Entry old : previous.sorted()) {
      Rendered<V> kept = next.get(old.key());
      if (kept != null) {
        sorted.add(kept.entry());
      }
    }
    for (FragmentMap.Entry entry : inOrder) {
      if (!previous.byKey().containsKey(entry.key())) {
        sorted.add(entry);
      }
    }
    sorted.sort(Comparator.comparing(FragmentMap.Entry::key));
    return sorted;
  }

  private FragmentMap.Entry entry(String key, V value) {
    JsonFragment fragment = JsonFragment.of(toTree.apply(value), pretty);
    return new FragmentMap.Entry(key, fragment, CanonicalJson.keyUtf8(key), indentedKey(key));
  }

  /** {@code "key" : } with the escaping of the envelope's UTF-8 output. */
  private byte[] indentedKey(String key) {
    try {
      byte[] quoted = pretty.writeValueAsBytes(key);
      byte[] out = new byte[quoted.length + FIELD_VALUE_SEPARATOR.length];
      System.arraycopy(quoted, 0, out, 0, quoted.length);
      System.arraycopy(FIELD_VALUE_SEPARATOR, 0, out, quoted.length, FIELD_VALUE_SEPARATOR.length);
      return out;
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render a checkpoint key", e);
    }
  }
}
