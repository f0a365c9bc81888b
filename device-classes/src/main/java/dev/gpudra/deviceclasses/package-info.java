/**
 * DeviceClasses of the {@code gpu.nvidia.com} and {@code compute-domain.nvidia.com} drivers, the
 * Kubernetes DRA CEL environment, and claim matching that explains why a claim fits a node or not.
 *
 * <table>
 *   <caption>Packages</caption>
 *   <tr><th>package</th><th>owns</th></tr>
 *   <tr><td>{@code model}</td><td>the five NVIDIA DeviceClasses as fabric8 objects and YAML</td></tr>
 *   <tr><td>{@code device}</td><td>{@code DeviceView}, a device as selectors see it; device
 *       files</td></tr>
 *   <tr><td>{@code cel}</td><td>the DRA CEL environment: compile, cache, cost, evaluate</td></tr>
 *   <tr><td>{@code cel.library}</td><td>Kubernetes CEL libraries cel-java lacks (quantity,
 *       semver, lists, regex, equality rules)</td></tr>
 *   <tr><td>{@code tester}</td><td>the pure part of {@code gpu-dra selector test}</td></tr>
 * </table>
 */
package dev.gpudra.deviceclasses;
