/**
 * Turns what the {@link dev.gpudra.nvml.Nvml} port reports into the devices this node can allocate:
 * full GPUs ({@code gpu-<minor>}) and pre-created MIG devices ({@code
 * gpu-<minor>-mig-<profile>-<giProfileId>-<placementStart>}). A GPU in MIG mode is offered only as
 * its MIG devices. This is the only package that calls the NVML port.
 */
package dev.gpudra.gpu.discovery;
