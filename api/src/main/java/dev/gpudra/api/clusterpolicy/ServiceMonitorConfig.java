package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Pattern;
import java.util.List;
import java.util.Map;

/**
 * A prometheus-operator ServiceMonitor the operator may deploy: the DCGM exporter's ({@code
 * spec.dcgmExporter.serviceMonitor}) and, since v26.7, the operator's own ({@code
 * spec.operator.metrics.serviceMonitor}), one type upstream.
 *
 * @param enabled whether the operator deploys a ServiceMonitor; absent means false (no CRD default)
 * @param interval how often Prometheus scrapes, a Prometheus duration
 * @param honorLabels whether the scraped labels win over the target's
 * @param additionalLabels labels added to the ServiceMonitor
 * @param relabelings relabelings applied to the scraped samples' targets
 * @param scrapeTimeout (newer upstream) how long a scrape may take, at most {@code interval}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceMonitorConfig(
    Boolean enabled,
    @Pattern(DURATION) String interval,
    Boolean honorLabels,
    Map<String, String> additionalLabels,
    List<RelabelConfig> relabelings,
    @Pattern(DURATION) String scrapeTimeout)
    implements DisabledByDefault {
  /** A Prometheus duration, as prometheus-operator's CRDs state it. */
  static final String DURATION =
      "^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$";

  public ServiceMonitorConfig {
    additionalLabels = Frozen.map(additionalLabels);
    relabelings = Frozen.list(relabelings);
  }
}
