/**
 * The compute-domain.nvidia.com kubelet plugin: start-up, its devices, the daemons' base spec,
 * cleanup.
 */
package dev.gpudra.computedomain.plugin;
