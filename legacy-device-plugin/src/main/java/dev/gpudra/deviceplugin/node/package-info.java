/**
 * The device plugin's node: its GPUs read once from NVML, their NUMA nodes from sysfs, the driver
 * root's files and device nodes, and the CDI spec written before any server answers Allocate.
 */
package dev.gpudra.deviceplugin.node;
