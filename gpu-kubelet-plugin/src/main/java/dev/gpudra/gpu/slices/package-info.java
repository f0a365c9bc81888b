/**
 * Desired ResourceSlice content, built by pure functions: each {@link
 * dev.gpudra.gpu.discovery.AllocatableDevice} becomes a {@code resource.k8s.io/v1} Device with the
 * attribute and capacity names, domains and types of NVIDIA's DRA driver (users' CEL selectors
 * depend on them). Nothing here talks to the API server.
 */
package dev.gpudra.gpu.slices;
