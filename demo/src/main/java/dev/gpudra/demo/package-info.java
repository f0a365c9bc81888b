/**
 * {@code gpu-dra demo}: the GPU kubelet plugin on simulated GPUs, end to end on one machine. An
 * embedded API server with the NVIDIA DeviceClasses, two nodes each with the real plugin, a kubelet
 * stand-in and its pod sync (real Unix sockets, real CDI files), and the scheduler stand-in
 * allocating with the allocator module. Every scenario of {@code demo/specs} is applied as
 * Kubernetes manifests and checked against its {@code expect.yaml}.
 */
package dev.gpudra.demo;
