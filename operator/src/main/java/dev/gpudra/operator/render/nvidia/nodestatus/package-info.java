/** {@code state-node-status-exporter}: NVIDIA's node-status exporter DaemonSet and its Service. */
package dev.gpudra.operator.render.nvidia.nodestatus;
