/**
 * A device as a CEL selector sees it: {@link dev.gpudra.allocator.device.DeviceView} holds the
 * driver, typed attributes and capacities by qualified name, built by hand in tests or from a
 * fabric8 ResourceSlice {@code Device}.
 *
 * <p>Invariants: attribute values are exactly one of int, bool, string or version; versions are
 * strict semver 2.0.0 as ResourceSlice validation demands; names are kept as published (qualified
 * or not); splitting into domains is the CEL environment's business.
 */
package dev.gpudra.allocator.device;
