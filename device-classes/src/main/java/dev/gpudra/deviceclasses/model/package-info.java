/**
 * The DeviceClasses the NVIDIA DRA driver installs, built as fabric8 {@code resource.k8s.io/v1}
 * objects by pure functions.
 *
 * <p>Invariants: the CEL selectors are byte-for-byte those of the reference chart; nothing here
 * talks to a cluster (an ArchUnit test keeps the package free of the Kubernetes client); the order
 * of the rendered classes is fixed so that manifests diff cleanly.
 */
package dev.gpudra.deviceclasses.model;
