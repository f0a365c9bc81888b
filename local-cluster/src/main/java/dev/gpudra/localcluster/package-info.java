/**
 * The simulated cluster, in process: an API server with the API server's {@code resource.k8s.io/v1}
 * validation ({@code api}, {@code validation}), and stand-ins for the kubelet ({@code kubelet}),
 * its device manager ({@code devicemanager}), the scheduler ({@code scheduler}) and the workload
 * controllers ({@code workloads}); and the GPU Operator scenario the operator's tests share ({@code
 * operator}). The supervisors of real components are {@code real-cluster}'s.
 */
package dev.gpudra.localcluster;
