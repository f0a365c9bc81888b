/**
 * Plugs the Kubernetes DRA CEL environment into the allocator: selectors are compiled once per
 * expression (the environment caches them) and evaluated against each device as the scheduler sees
 * it. Compile errors and runtime errors become {@code ERROR} verdicts with the Kubernetes wording,
 * so an explanation can show them.
 */
package dev.gpudra.allocator.matching;
