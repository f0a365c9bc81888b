/**
 * {@code gpu-dra migrate}'s translation, as pure code: manifests in ({@link
 * dev.gpudra.migrate.manifest}), each object's device-plugin resources classified under the device
 * plugin's config ({@link dev.gpudra.migrate.resources}), the claims planned ({@link
 * dev.gpudra.migrate.claims}), the pod template rewritten ({@link dev.gpudra.migrate.workload}),
 * manifests out, and a report of what was left as it was and why.
 *
 * <p>Invariants: every input document is in the output, in its order; an object is either
 * translated whole or left unchanged (never half, so no workload needs both the device plugin and
 * DRA); its claim templates come right before it; the same input gives the same output.
 */
package dev.gpudra.migrate;
