/**
 * The Kubernetes DRA CEL environment for device selectors on cel-java 0.14.0: {@link
 * dev.gpudra.allocator.cel.DeviceSelectorEnv} compiles (and caches) selectors, {@link
 * dev.gpudra.allocator.cel.CompiledSelector} evaluates them against a {@link
 * dev.gpudra.allocator.device.DeviceView}.
 *
 * <p>Covered, as in the scheduler (1.34/1.35): the {@code device} variable ({@code driver}, {@code
 * attributes}, {@code capacity}, and {@code allowMultipleAllocations} only with
 * DRAConsumableCapacity); unknown domains read as empty maps and are not {@code in} the map;
 * unknown names fail with {@code no such key}; standard macros; cel-go strings v2 (except {@code
 * format}, which cel-java lacks and we add), sets, lists v3, optional types, two-variable
 * comprehensions, {@code cel.bind}; Kubernetes quantity, semver, lists ({@code isSorted sum min max
 * indexOf lastIndexOf}) and regex ({@code find findAll}) libraries; {@code ==} between a Kubernetes
 * value type and another type is an error; the 10,240-byte length limit; a bool (or dyn) result
 * type; a cost limit of 1,000,000, estimated at compile time by {@link
 * dev.gpudra.allocator.cel.CostEstimator} and metered at run time by {@link
 * dev.gpudra.allocator.cel.CostBudget}.
 *
 * <p>Missing: the Kubernetes URL, IP/CIDR, {@code format.*} name-validation and authz libraries;
 * cel-go's exact cost numbers (ours are an approximation with the same limit); the 100-iteration
 * interrupt check and context cancellation; the NewExpressions/StoredExpressions split (one
 * environment serves both); RE2 syntax for {@code find}/{@code findAll} ({@link java.util.regex} is
 * used); list-typed attributes (1.36 alpha).
 *
 * <p>Invariants: environments and compiled selectors are immutable and thread-safe; every
 * evaluation meters its own cost; no evaluation error escapes as an exception.
 */
package dev.gpudra.allocator.cel;
