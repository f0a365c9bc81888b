/**
 * One real Kubernetes node for the end-to-end suites: containerd (built from the Go module proxy by
 * {@code e2e/node/build.sh}) with Debian's runc and CNI plugins, and the real kubelet of the test
 * control plane's Kubernetes version ({@code gpu-dra-testcluster kubelet}), registered with the
 * real API server. Images come from local tars (busybox-static), never from a registry; GPU device
 * nodes that our CDI specs name are placeholders (char 1:3, like /dev/null) where no GPU exists.
 *
 * <p>Invariants: everything lives under one base directory ({@link
 * dev.gpudra.realcluster.node.NodeLayout}), the configs are pure renderings of it, and {@link
 * dev.gpudra.realcluster.node.RealNode#close} leaves no process, mount, bridge or placeholder of
 * ours behind. Needs root (containers, mounts, mknod).
 */
package dev.gpudra.realcluster.node;
