package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Grafana dashboard and the alerts of deployments/monitoring query only series gpu-dra serves,
 * and the chart renders the same alerts as the file beside the dashboard.
 */
class MonitoringQueriesTest {
  private static final Path MONITORING = Path.of("..", "monitoring");
  private static final Path CHART_RULE = Path.of("gpu-dra", "templates", "prometheusrule.yaml");

  /** Series Prometheus itself writes for every target. */
  private static final Set<String> PROMETHEUS_SERIES = Set.of("up");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** Each query, by where it is. */
  private static Map<String, String> dashboardQueries() throws IOException {
    JsonNode dashboard = JSON.readTree(MONITORING.resolve("grafana-dashboard.json").toFile());
    Map<String, String> queries = new TreeMap<>();
    for (JsonNode panel : dashboard.path("panels")) {
      for (JsonNode target : panel.path("targets")) {
        queries.put(
            "panel \"" + panel.path("title").asText() + "\" " + target.path("refId").asText(),
            target.path("expr").asText());
      }
    }
    for (JsonNode variable : dashboard.path("templating").path("list")) {
      if (variable.path("type").asText().equals("query")) {
        queries.put(
            "variable " + variable.path("name").asText(),
            "label_values:" + variable.path("query").path("query").asText());
      }
    }
    return queries;
  }

  private static JsonNode ruleGroups() throws IOException {
    return YAML.readTree(MONITORING.resolve("prometheusrule.yaml").toFile()).path("spec");
  }

  private static Map<String, String> alertQueries() throws IOException {
    Map<String, String> queries = new TreeMap<>();
    for (JsonNode group : ruleGroups().path("groups")) {
      for (JsonNode rule : group.path("rules")) {
        queries.put("alert " + rule.path("alert").asText(), rule.path("expr").asText());
      }
    }
    return queries;
  }

  private static Set<String> names(String query) {
    return query.startsWith("label_values:")
        ? PromQlNames.ofVariable(query.substring("label_values:".length()))
        : PromQlNames.of(query);
  }

  static List<String> sources() {
    return List.of("dashboard", "alerts");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sources")
  @DisplayName("every query names only series that gpu-dra's metric classes register")
  void queriesUseServedSeries(String source) throws IOException {
    Map<String, String> queries = source.equals("dashboard") ? dashboardQueries() : alertQueries();
    Set<String> served = new TreeSet<>(ExposedNames.all());
    served.addAll(PROMETHEUS_SERIES);
    List<String> unknown = new ArrayList<>();
    Set<String> used = new TreeSet<>();
    queries.forEach((where, query) -> {
      Set<String> names = names(query);
      assertThat(names).as("%s selects a series: %s", where, query).isNotEmpty();
      used.addAll(names);
      names.stream().filter(n -> !served.contains(n)).forEach(n -> unknown.add(where + ": " + n));
    });

    assertThat(unknown).as("series no metric class registers").isEmpty();
    assertThat(used).as("the queries read series").hasSizeGreaterThan(3);
  }

  @Test
  @DisplayName(
      "the dashboard covers what an admin asks: requests, latency, errors, in-flight, devices,"
          + " process memory and CPU, ComputeDomains; its data source is a variable")
  void dashboardCoversTheBasics() throws IOException {
    Set<String> used = new TreeSet<>();
    dashboardQueries().values().forEach(q -> used.addAll(names(q)));
    assertThat(used)
        .contains(
            "nvidia_dra_requests_total",
            "nvidia_dra_request_duration_seconds_bucket",
            "nvidia_dra_node_prepare_errors_total",
            "nvidia_dra_node_unprepare_errors_total",
            "nvidia_dra_requests_inflight",
            "nvidia_dra_prepared_devices",
            "process_resident_memory_bytes",
            "process_cpu_seconds_total",
            "nvidia_dra_compute_domain_info");
    JsonNode dashboard = JSON.readTree(MONITORING.resolve("grafana-dashboard.json").toFile());
    for (JsonNode panel : dashboard.path("panels")) {
      if (!panel.path("type").asText().equals("row")) {
        assertThat(panel.path("datasource").path("uid").asText())
            .as("panel %s", panel.path("title"))
            .isEqualTo("${datasource}");
      }
    }
  }

  @Test
  @DisplayName(
      "the chart's PrometheusRule carries the same alerts as deployments/monitoring, with the"
          + " alerts' own {{ }} passed through Helm literally")
  void chartRendersTheSameRules() throws IOException {
    String template = Files.readString(CHART_RULE);
    assertThat(template)
        .startsWith("{{- /*")
        .contains(
            "{{- if and .Values.metrics .Values.metrics.prometheusRule"
                + " .Values.metrics.prometheusRule.enabled }}")
        .contains("namespace: {{ $rule.namespace | default .Release.Namespace }}")
        .contains("{{- with $rule.additionalLabels }}")
        .endsWith("{{- end }}\n");
    String spec =
        template.substring(template.indexOf("\nspec:\n"), template.lastIndexOf("{{- end"));
    String literal = spec.replace("{{`{{", "{{").replace("}}`}}", "}}");
    assertThat(literal).doesNotContain("`");
    assertThat(YAML.readTree(literal).path("spec")).isEqualTo(ruleGroups());
  }
}
