/**
 * {@code gpu-dra explain}: for each claim (given directly, through a ResourceClaimTemplate, or
 * through a Pod's {@code spec.resourceClaims}) and each node, whether the claim fits and which
 * devices it would get, or the first selector or constraint that turned each device down. Pure:
 * callers read the objects from files or an API server and hand them in.
 */
package dev.gpudra.deviceclasses.explain;
