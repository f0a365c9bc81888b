/**
 * Supervisors of real components for the end-to-end suites, the demo's real node and the
 * benchmarks: the test control plane ({@code controlplane}), one real node ({@code node}) and a
 * loopback registry ({@code registry}). Each starts a real program as a child process and stops it,
 * and what it made, when closed.
 */
package dev.gpudra.realcluster;
