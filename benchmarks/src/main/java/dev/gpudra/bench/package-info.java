/**
 * {@code gpu-dra bench prepare}: measures the GPU kubelet plugin as the kubelet sees it, over its
 * real Unix socket, against the embedded API server, with the plugin in a child JVM so that cold
 * start, resident memory and CPU time are the real process's; optionally beside a peer binary
 * (NVIDIA's plugin, say) started by NVIDIA's flag names and environment variables on its own node,
 * directories and claims, its cycles interleaved with ours ({@link dev.gpudra.bench.SideBySide}).
 *
 * <p>Invariants: every figure is printed next to a floor measured in the same run on the same file
 * system (the same file writes without the plugin, a bare JVM start, the bare API writes), so that
 * a noisy machine shows up in both and the ratio stays meaningful; statistics are pure ({@link
 * dev.gpudra.bench.LatencyStats}); nothing here reads the environment: the command line passes the
 * child's JVM, flags and classpath in.
 *
 * <p>{@link dev.gpudra.bench.AotTraining} ({@code gpu-dra bench aot-cache}) drives the same child
 * plugin through the same harness, recording with {@code -XX:AOTMode=record}, to write the AOT
 * cache the launcher gives the plugin's JVM; it measures nothing.
 */
package dev.gpudra.bench;
