package dev.gpudra.chart;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression selects: what is left once strings, label matchers, ranges,
 * grouping clauses, functions, aggregations and keywords are taken out. Enough for the queries of
 * deployments/monitoring, not a PromQL parser.
 */
final class PromQlNames {
  private static final Pattern STRINGS = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'");
  private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
  private static final Pattern RANGES = Pattern.compile("\\[[^]]*]");
  private static final Pattern GROUPING =
      Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  private static final Pattern NAME = Pattern.compile("(?<![\\w.$])[A-Za-z_:][\\w:]*(?!\\w)");
  private static final Pattern LABEL_VALUES = Pattern.compile("^label_values\\((.*),\\s*\\w+\\)$");
  private static final Set<String> KEYWORDS =
      Set.of("and", "or", "unless", "bool", "offset", "Inf", "NaN", "inf", "nan");

  private PromQlNames() {}

  /** The metric names of an expression. */
  static Set<String> of(String expression) {
    String rest = STRINGS.matcher(expression).replaceAll(" ");
    rest = MATCHERS.matcher(rest).replaceAll(" ");
    rest = RANGES.matcher(rest).replaceAll(" ");
    rest = GROUPING.matcher(rest).replaceAll(" ");
    Set<String> names = new TreeSet<>();
    Matcher m = NAME.matcher(rest);
    while (m.find()) {
      String after = rest.substring(m.end()).stripLeading();
      if (!after.startsWith("(") && !KEYWORDS.contains(m.group())) {
        names.add(m.group());
      }
    }
    return names;
  }

  /**
   * The metric names of a Grafana variable query: {@code label_values(selector, label)} selects
   * {@code selector}'s; any other query is PromQL.
   */
  static Set<String> ofVariable(String query) {
    Matcher m = LABEL_VALUES.matcher(query.strip());
    return of(m.matches() ? m.group(1) : query);
  }
}
