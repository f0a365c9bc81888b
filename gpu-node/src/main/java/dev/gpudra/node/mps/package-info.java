/**
 * {@code gpu-dra mps-control-daemon}, what each MPS daemon Deployment's pod runs: the driver root's
 * {@code nvidia-cuda-mps-control -d} with its pipe and log directories, the claim's settings sent
 * to it, {@code startup.log} written for the startup probe, then watched until SIGTERM sends {@code
 * quit}.
 *
 * <p>start -> {@code -d} -> {@code set_default_active_thread_percentage} -> {@code
 * set_default_device_pinned_mem_limit} per device -> startup.log -> {@code get_server_list} every
 * 10 s (exit when the daemon is gone: the kubelet restarts the container) -> SIGTERM -> {@code
 * quit}.
 *
 * <p>{@link dev.gpudra.node.mps.MpsControlProgram} is the one way to drive {@code
 * nvidia-cuda-mps-control}: the device plugin's per-resource MPS daemons use it too.
 */
package dev.gpudra.node.mps;
