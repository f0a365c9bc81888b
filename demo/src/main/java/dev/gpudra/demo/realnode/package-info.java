/**
 * {@code gpu-dra demo --real-node}: the demo's scenarios on a real node. gpu-dra-testcluster, one
 * real node (containerd, runc, the real kubelet) and the GPU kubelet plugin on the image's
 * classpath with simulated GPUs; each scenario's pods run as busybox containers that list what they
 * were given, and the demo prints, per container, the device nodes and NVIDIA variables it really
 * saw (from the kubelet's pod logs). Needs root; says in one line what is missing.
 */
package dev.gpudra.demo.realnode;
