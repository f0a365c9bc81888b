/**
 * {@code gpu-dra demo}: the GPU kubelet plugin on simulated GPUs, end to end on one machine. An
 * embedded API server, one plugin and one kubelet stand-in per node (real Unix sockets, real CDI
 * files), a first-fit allocation of each scenario's claim from the published ResourceSlices, and
 * what the container runtime would apply from the CDI specs.
 */
package dev.gpudra.demo;
