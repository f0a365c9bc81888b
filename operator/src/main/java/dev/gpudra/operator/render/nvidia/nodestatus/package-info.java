/**
 * {@code state-node-status-exporter}: NVIDIA's node-status exporter DaemonSet and its Service, from
 * the resources under {@code operands/state-node-status-exporter/}, the policy's settings applied.
 */
package dev.gpudra.operator.render.nvidia.nodestatus;
