/**
 * The shapes of Kubernetes names and UIDs, checked wherever one from a claim, a config or a flag
 * becomes part of a file path, a device name or an API URL. Invariant: a value that passes holds no
 * {@code /}, no {@code ..} path element and no whitespace.
 */
package dev.gpudra.kit.names;
