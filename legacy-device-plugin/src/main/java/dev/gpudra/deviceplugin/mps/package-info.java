/**
 * MPS sharing ({@code sharing.mps}) as NVIDIA's device plugin does it: a control daemon per shared
 * resource, run by {@code gpu-dra device-plugin-mps-control-daemon} (NVIDIA's {@code
 * mps-control-daemon} DaemonSet), under one MPS root shared by the daemon, the plugin and the
 * containers.
 *
 * <p>daemon: {@code .ready} removed -> per resource: its GPUs EXCLUSIVE_PROCESS -> pipe and log
 * directories -> {@code nvidia-cuda-mps-control -d} -> pinned memory limit (memory / replicas) and
 * active thread percentage (100 / replicas) -> {@code <resource>/.started} -> {@code .ready} (the
 * config's {@code sharing.mps} as JSON); SIGTERM -> {@code .ready} removed -> {@code quit} ->
 * compute mode DEFAULT.
 *
 * <p>plugin: {@code .ready} matches its {@code sharing.mps} and each daemon answers -> servers
 * start -> Allocate adds {@code CUDA_MPS_PIPE_DIRECTORY} and mounts the pipe directory and the shm.
 */
package dev.gpudra.deviceplugin.mps;
