/**
 * The node's GPU device nodes for CDI specs, whoever writes the spec: {@link
 * dev.gpudra.node.cdi.DeviceNodeLocator} finds a node such as {@code /dev/nvidiactl}, {@link
 * dev.gpudra.node.cdi.GpuDeviceEdits} gives a whole GPU's nodes and hooks, and {@link
 * dev.gpudra.node.cdi.MigCapsResolver} a MIG device's {@code nvidia-caps} nodes (read from {@code
 * /proc/driver/nvidia-caps/mig-minors}, or made up for simulated GPUs).
 *
 * <p>Invariants: only {@link dev.gpudra.node.cdi.ProcMigCapsResolver} reads the host; a capability
 * that cannot be read is a {@link dev.gpudra.kit.cdi.CdiException} naming the file.
 */
package dev.gpudra.node.cdi;
