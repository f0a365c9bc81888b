/**
 * DynamicMIG on the node: MIG devices created through NVML when a claim for an abstract MIG device
 * is prepared, destroyed when it is unprepared or rolled back, and the GPU's MIG mode turned on and
 * off around them where the architecture allows it without a reset (Hopper and newer). {@link
 * dev.gpudra.gpu.mig.MigFeature} is its step in each prepare, registered with the DynamicMIG gate.
 *
 * <p>Invariants: a created device is recorded in the claim's checkpoint entry with its GI, CI and
 * UUID before the claim is reported prepared; a device whose claim never completed is found again
 * by its profile and placement (two live devices cannot share a placement) and destroyed unless a
 * completed claim holds it; at start every live MIG device no completed claim holds is destroyed,
 * as NVIDIA's plugin does.
 */
package dev.gpudra.gpu.mig;
