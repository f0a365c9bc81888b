package dev.gpudra.controller.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DomainMetricsTest {
  private final DomainMetrics metrics = new DomainMetrics();

  @Test
  @DisplayName(
      "NVIDIA's series counts domains per status; ours is one per domain; both follow a change"
          + " and a removal")
  void countsPerStatus() {
    ComputeDomain a = domain("a");
    ComputeDomain b = domain("b");
    assertThat(counts()).containsEntry("Ready", 0.0).containsEntry("NotReady", 0.0);

    metrics.status(a, DomainStatus.NOT_READY);
    metrics.status(b, DomainStatus.NOT_READY);
    metrics.status(b, DomainStatus.NOT_READY);
    assertThat(counts()).containsEntry("NotReady", 2.0).containsEntry("Ready", 0.0);

    metrics.status(a, DomainStatus.READY);
    assertThat(counts()).containsEntry("NotReady", 1.0).containsEntry("Ready", 1.0);
    assertThat(perDomain())
        .hasSize(2)
        .containsEntry("a/Ready", 1.0)
        .containsEntry("b/NotReady", 1.0);

    metrics.removed(b);
    assertThat(counts()).containsEntry("NotReady", 0.0).containsEntry("Ready", 1.0);
    assertThat(perDomain()).containsOnlyKeys("a/Ready");
  }

  private Map<String, Double> counts() {
    return points("nvidia_dra_compute_domain_info", "status");
  }

  private Map<String, Double> perDomain() {
    return points("gpu_dra_compute_domain_info", "name", "status");
  }

  private Map<String, Double> points(String name, String... labels) {
    return metrics.registry().scrape().stream()
        .filter(s -> s.getMetadata().getPrometheusName().equals(name))
        .flatMap(s -> ((GaugeSnapshot) s).getDataPoints().stream())
        .collect(
            Collectors.toMap(
                p ->
                    String.join(
                        "/", java.util.Arrays.stream(labels).map(p.getLabels()::get).toList()),
                GaugeSnapshot.GaugeDataPointSnapshot::getValue));
  }

  private static ComputeDomain domain(String name) {
    return new ComputeDomain(
        new ObjectMetaBuilder().withName(name).withNamespace("team").withUid("uid-" + name).build(),
        new ComputeDomainSpec(
            0, new ComputeDomainSpec.Channel(new ComputeDomainSpec.ClaimTemplate("ch"), null)),
        null);
  }
}
