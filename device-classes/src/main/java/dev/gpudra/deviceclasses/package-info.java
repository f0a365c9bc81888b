/**
 * NVIDIA's DeviceClasses of the {@code gpu.nvidia.com} and {@code compute-domain.nvidia.com}
 * drivers, as data: their names, their CEL selectors as text, their extended-resource mappings.
 *
 * <table>
 *   <caption>Packages</caption>
 *   <tr><th>package</th><th>owns</th></tr>
 *   <tr><td>{@code model}</td><td>the NVIDIA DeviceClasses as fabric8 objects and YAML</td></tr>
 * </table>
 *
 * <p>Invariants: nothing here compiles or evaluates a selector. The CEL environment and the
 * allocator that run these selectors live in the {@code allocator} module ({@code
 * dev.gpudra.allocator}), which depends on this one and never the other way round.
 */
package dev.gpudra.deviceclasses;
