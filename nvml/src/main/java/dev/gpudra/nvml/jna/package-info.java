/**
 * The JNA binding of the {@link dev.gpudra.nvml.Nvml} port to {@code libnvidia-ml.so.1}: the only
 * code in gpu-dra that calls native NVML. {@link dev.gpudra.nvml.jna.NvmlBinding#open} locates the
 * library under a driver root ({@link dev.gpudra.nvml.jna.LibraryLocator}), loads it and starts one
 * session that {@code close()} ends.
 *
 * <p>Invariants: structure classes mirror {@code nvml.h} field for field (their sizes and offsets
 * are unit-tested); every {@code nvmlReturn_t} becomes an exception in {@code ReturnCodes} and
 * nowhere else, with the NVML function named in the message; NVML handles never leave this package.
 */
package dev.gpudra.nvml.jna;
