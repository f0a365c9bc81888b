/**
 * The node's NVIDIA GPUs as PCI devices, read from sysfs (under a configurable root, so tests and
 * the demo use a stand-in tree): what the GPU plugin's PassthroughSupport publishes as {@code
 * gpu-vfio-<i>} devices and rebinds between {@code nvidia} and {@code vfio-pci}.
 *
 * <p>read: {@code bus/pci/devices/*} (vendor 0x10de, class 0x0300xx/0x0302xx, by address) -> device
 * ID, NUMA node, IOMMU group, driver, PCIe root, 64-bit BARs, VFs. bind: {@code driver_override} ->
 * {@code driver/unbind} -> {@code drivers_probe} -> the {@code driver} link waited for -> {@code
 * driver_override} cleared.
 */
package dev.gpudra.node.pci;
