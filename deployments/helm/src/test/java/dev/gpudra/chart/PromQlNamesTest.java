package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PromQlNamesTest {
  record Case(String name, String query, Set<String> names) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Case> cases() {
    return List.of(
        new Case("a bare name", "up == 0", Set.of("up")),
        new Case(
            "matchers, ranges and functions left out",
            "rate(a_total{driver=~\"$driver\", x=\"b_total\"}[$__rate_interval]) > 0",
            Set.of("a_total")),
        new Case(
            "aggregations and grouping clauses left out",
            "histogram_quantile(0.99, sum by (le, driver) (rate(h_bucket[5m]))) > 1e3",
            Set.of("h_bucket")),
        new Case(
            "both sides of a join",
            "x * on (instance) group_left (node) group by (instance, node) (y{n=~\"$node\"})",
            Set.of("x", "y")),
        new Case(
            "set operators are no names",
            "up == 0 and on (instance) max_over_time(z_total[1h]) unless w",
            Set.of("up", "z_total", "w")),
        new Case("time() is a function", "(time() - start_seconds) * 1", Set.of("start_seconds")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("finds the metric names a query selects, and nothing else")
  void names(Case c) {
    assertThat(PromQlNames.of(c.query())).isEqualTo(c.names());
  }

  @org.junit.jupiter.api.Test
  @DisplayName("a label_values() variable selects its first argument's series, not its label")
  void labelValues() {
    assertThat(PromQlNames.ofVariable("label_values(m{a=\"b\"}, node)")).containsExactly("m");
  }
}
