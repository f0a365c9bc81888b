/**
 * PassthroughSupport: a GPU handed to a VM as {@code gpu-vfio-<i>}. prepare: checks (IOMMU on, an
 * IOMMU group, vfio-pci registered, no SR-IOV VFs) -> bound to vfio-pci -> CDI device nodes ({@code
 * /dev/vfio/<group>} or {@code /dev/vfio/devices/vfioN}, with {@code enableAPIDevice} {@code
 * /dev/vfio/vfio} or {@code /dev/iommu}) -> its {@code gpu-<minor>} sibling hidden from the slices.
 * unprepare: bound to nvidia -> sibling published again. start: GPUs left on vfio-pci that no claim
 * holds go back to nvidia before NVML is opened. {@link
 * dev.gpudra.gpu.passthrough.PassthroughFeature} is its step in each prepare, registered with the
 * gate.
 */
package dev.gpudra.gpu.passthrough;
