/**
 * Prometheus metrics of a DRA kubelet plugin, with the names NVIDIA's driver exports (namespace
 * {@code nvidia_dra}) so existing dashboards and alerts keep working: {@link
 * dev.gpudra.node.metrics.MeteredDriver} wraps any {@link dev.gpudra.kit.DraDriver} (the GPU
 * plugin's and the compute-domain plugin's) and records into {@link
 * dev.gpudra.node.metrics.DriverMetrics}. The HTTP endpoint that serves them is {@code
 * dev.gpudra.metrics.MetricsServer}.
 */
package dev.gpudra.node.metrics;
