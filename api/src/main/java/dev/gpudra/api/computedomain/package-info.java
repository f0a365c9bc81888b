/**
 * The ComputeDomain API of group {@code resource.nvidia.com}, version {@code v1beta1}: {@link
 * dev.gpudra.api.computedomain.ComputeDomain} (a multi-node NVLink domain users create) and {@link
 * dev.gpudra.api.computedomain.ComputeDomainClique} (the daemons of one NVLink clique of a domain,
 * written by the compute-domain daemons), with JSON names exactly as NVIDIA's, and their
 * CustomResourceDefinitions ({@link dev.gpudra.api.computedomain.ComputeDomainCrds}), from which
 * the chart's {@code crds/} are generated.
 *
 * <p>Invariants: spec and status values are immutable records; enums serialize as NVIDIA's strings;
 * the CRD schema is the one place the API server's validation (immutable spec, enums, defaults,
 * list-map keys) is stated.
 */
package dev.gpudra.api.computedomain;
