/**
 * What a container needs from the NVIDIA driver, found under the driver root as NVIDIA's nvcdi
 * finds it (libraries by the driver version's suffix, programs, firmware, IPC sockets, graphics
 * files, the host's {@code .so} links) and turned into the spec-level CDI edits, with host paths
 * under the host's driver root. Discovery runs once at start; nothing here calls NVML.
 */
package dev.gpudra.node.driverroot;
