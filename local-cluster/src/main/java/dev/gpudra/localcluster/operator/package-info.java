/**
 * The GPU Operator scenario the operator's tests and bench share: a ClusterPolicy with gpu-dra's
 * DRA driver on one pool of nodes, simulated GPU nodes (NFD's PCI label), a pod holding {@code
 * nvidia.com/gpu} and a DRA kubelet-plugin pod standing in for what a node's kubelet would run.
 */
package dev.gpudra.localcluster.operator;
