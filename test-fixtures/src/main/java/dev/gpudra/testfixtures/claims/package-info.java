/**
 * ResourceClaims as the scheduler leaves them, for tests of what reads them (the kubelet plugin
 * kit, the GPU plugin's config and state): namespace, name and UID, results per request with
 * driver, pool and device, opaque configs, or no allocation at all; and fields a test may leave
 * null to build what the API should not hold.
 *
 * <p>Invariants: a claim always has a spec; results and configs keep the order they were added in.
 */
package dev.gpudra.testfixtures.claims;
