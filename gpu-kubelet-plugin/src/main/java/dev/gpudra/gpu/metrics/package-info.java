/**
 * Prometheus metrics of the kubelet plugin, with the names NVIDIA's driver exports (namespace
 * {@code nvidia_dra}) so existing dashboards and alerts keep working, and the HTTP endpoint that
 * serves them.
 */
package dev.gpudra.gpu.metrics;
