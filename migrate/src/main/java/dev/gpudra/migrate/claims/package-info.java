/**
 * The DRA side of a migration, built by pure functions: per container one ResourceClaimTemplate
 * ({@code resource.k8s.io/v1}) with one request per device-plugin resource it asked for
 * (DeviceClass {@code gpu.nvidia.com} or {@code mig.nvidia.com} with a CEL selector on the profile,
 * {@code count} the quantity asked for) and, for a shared resource, the opaque {@code GpuConfig} or
 * {@code MigDeviceConfig} of driver {@code gpu.nvidia.com} with the sharing the device plugin
 * applied.
 *
 * <p>Invariants: names are derived from the workload's, the container's and the resource's names
 * only, so the same input always gives the same output; request names are DNS labels.
 */
package dev.gpudra.migrate.claims;
