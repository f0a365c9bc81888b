/**
 * A real OCI registry on loopback (the CNCF distribution registry, built from its Go module by
 * {@code e2e/node/registry.sh}): where the suites push our charts and images with the commands a
 * user runs, and pull them back as a cluster does.
 */
package dev.gpudra.realcluster.registry;
