/**
 * The Kubernetes CEL libraries that cel-java does not ship, written for gpu-dra: the value types
 * {@code kubernetes.Quantity} ({@link dev.gpudra.allocator.cel.library.KubeQuantity}) and {@code
 * kubernetes.Semver} ({@link dev.gpudra.allocator.cel.library.Semver}), the quantity, semver, lists
 * and regex function libraries, and the equality/map overrides that give the scheduler's error
 * semantics.
 *
 * <p>Invariants: every declared overload id has exactly one binding in the same {@link
 * dev.gpudra.allocator.cel.library.FunctionLibrary}; values are immutable; arithmetic on quantities
 * is exact; nothing here knows about devices.
 */
package dev.gpudra.allocator.cel.library;
