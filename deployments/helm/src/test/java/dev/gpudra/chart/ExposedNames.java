package dev.gpudra.chart;

import dev.gpudra.controller.metrics.DomainMetrics;
import dev.gpudra.gpu.health.HealthBook;
import dev.gpudra.gpu.health.HealthMetrics;
import dev.gpudra.node.metrics.DriverMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The series names gpu-dra's processes serve, read from the registries of the real metric classes
 * (the GPU and compute-domain plugins' {@link DriverMetrics}, the health monitor's {@link
 * HealthMetrics}, the controller's {@link DomainMetrics}) and the JVM and process metrics every
 * {@code MetricsServer} adds (its IT checks that it does), as the text formats name them: a
 * counter's {@code _total}, an info's {@code _info}, a histogram's or summary's {@code _bucket},
 * {@code _count} and {@code _sum}. From the snapshots, not a scrape's text: a labelled metric with
 * no series yet (no taint, no domain) writes nothing there.
 */
final class ExposedNames {
  private ExposedNames() {}

  static Set<String> all() {
    DriverMetrics plugin = new DriverMetrics("gpu.nvidia.com", "node", () -> Map.of("gpu", 1L));
    new HealthMetrics(plugin.registry(), "node", new HealthBook());
    JvmMetrics.builder().register(plugin.registry());
    Set<String> names = new TreeSet<>();
    Stream.of(plugin.registry(), new DomainMetrics().registry())
        .flatMap(r -> r.scrape().stream())
        .forEach(s -> names.addAll(series(s)));
    return names;
  }

  private static Set<String> series(MetricSnapshot snapshot) {
    String name = snapshot.getMetadata().getPrometheusName();
    return switch (snapshot) {
      case CounterSnapshot c -> Set.of(name + "_total");
      case InfoSnapshot i -> Set.of(name + "_info");
      case HistogramSnapshot h -> Set.of(name + "_bucket", name + "_count", name + "_sum");
      case SummarySnapshot s -> Set.of(name, name + "_count", name + "_sum");
      default -> Set.of(name);
    };
  }
}
