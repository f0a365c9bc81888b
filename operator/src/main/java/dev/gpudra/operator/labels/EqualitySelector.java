package dev.gpudra.operator.labels;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * An equality-based label selector as NVIDIA's upgrade and drain settings take it: {@code k=v},
 * {@code k==v}, {@code k!=v}, {@code k}, {@code !k}, comma-separated, all of which must hold. An
 * empty selector selects everything.
 */
public final class EqualitySelector implements Predicate<Map<String, String>> {
  private final String text;
  private final List<Predicate<Map<String, String>>> terms;

  private EqualitySelector(String text, List<Predicate<Map<String, String>>> terms) {
    this.text = text;
    this.terms = List.copyOf(terms);
  }

  /**
   * @throws IllegalArgumentException naming the term that is not an equality term (set-based
   *     selectors are not supported, as NVIDIA's)
   */
  public static EqualitySelector parse(String selector) {
    List<Predicate<Map<String, String>>> terms = new ArrayList<>();
    if (selector != null && !selector.isBlank()) {
      for (String raw : selector.split(",", -1)) {
        terms.add(term(raw.strip()));
      }
    }
    return new EqualitySelector(selector == null ? "" : selector, terms);
  }

  /** Whether it has no term (and so selects everything). */
  public boolean isEmpty() {
    return terms.isEmpty();
  }

  @Override
  public boolean test(Map<String, String> labels) {
    return terms.stream().allMatch(t -> t.test(labels));
  }

  @Override
  public String toString() {
    return text;
  }

  private static Predicate<Map<String, String>> term(String term) {
    if (term.contains("!=")) {
      String[] kv = pair(term, "!=");
      return labels -> !kv[1].equals(labels.get(kv[0]));
    }
    if (term.contains("=")) {
      String[] kv = pair(term, term.contains("==") ? "==" : "=");
      return labels -> kv[1].equals(labels.get(kv[0]));
    }
    if (term.startsWith("!")) {
      String key = key(term.substring(1));
      return labels -> !labels.containsKey(key);
    }
    String key = key(term);
    return labels -> labels.containsKey(key);
  }

  private static String[] pair(String term, String operator) {
    int at = term.indexOf(operator);
    String key = key(term.substring(0, at).strip());
    String value = term.substring(at + operator.length()).strip();
    if (value.contains("=") || value.contains("!")) {
      throw new IllegalArgumentException("'" + term + "' is not key" + operator + "value");
    }
    return new String[] {key, value};
  }

  private static String key(String key) {
    if (!key.matches("([a-z0-9.-]+/)?[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9])?")) {
      throw new IllegalArgumentException("'" + key + "' is not a label key");
    }
    return key;
  }
}
