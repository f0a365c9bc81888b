/**
 * The driver's {@code nvidia-smi}, for the settings NVML has no call for (the compute time slice):
 * found under the driver root where NVIDIA's plugin looks for it and run with the driver root's
 * {@code libnvidia-ml.so.1} preloaded, as NVIDIA's plugin runs it. Every run has a time limit and a
 * failure names the command, its exit status and what it printed.
 */
package dev.gpudra.nvml.smi;
