/**
 * The API of node-feature-discovery (NFD), {@code nfd.k8s-sigs.io/v1alpha1}, as far as gpu-dra
 * installs it: the NodeFeature, NodeFeatureRule and NodeFeatureGroup CRDs that the operator chart's
 * NFD needs, with schemas read off these records. NFD's v0.19.0 CRDs are the reference: the same
 * property paths, required fields, enums and scopes (a test compares them), so objects written for
 * NFD's own CRDs pass strict field validation on ours.
 *
 * <p>Invariants: the records hold NFD's JSON names and nothing of gpu-dra's; no I/O.
 */
package dev.gpudra.api.nfd;
