/**
 * {@code state-dcgm} and {@code state-dcgm-exporter}: NVIDIA's DCGM host engine and DCGM exporter,
 * its options, metrics config, Service and ServiceMonitor. Uses {@code validator}'s waits.
 */
package dev.gpudra.operator.render.nvidia.dcgm;
