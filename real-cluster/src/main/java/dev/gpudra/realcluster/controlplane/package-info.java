/**
 * A real Kubernetes control plane for tests and the demo: {@code gpu-dra-testcluster} (our Go
 * harness under {@code e2e/controlplane/}: etcd, kube-apiserver, controllers, kube-scheduler in one
 * process), built through its cached build script and supervised as a child process that never
 * outlives us.
 */
package dev.gpudra.realcluster.controlplane;
