/**
 * Which whole GPUs to prefer for a container, as NVIDIA's device plugin does with go-gpuallocator's
 * best-effort policy: every pair of GPUs has a link score (NVLinks first, then PCIe distance), and
 * the chosen set is the one, among those holding every must-include device, that leaves the best
 * partition of the available GPUs into sets of the requested size. Pure: links come in as values
 * read once by the wiring; nothing here calls NVML.
 */
package dev.gpudra.deviceplugin.allocation;
