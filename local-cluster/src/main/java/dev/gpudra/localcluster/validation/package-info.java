/**
 * Pure validation of resource.k8s.io/v1 objects, mirroring the API server's field errors
 * (Kubernetes 1.35, {@code pkg/apis/resource/validation}) for the gates that are on by default.
 * Validators take fabric8 model objects and return {@link
 * dev.gpudra.localcluster.validation.FieldError}s; they never touch a client or the network. An
 * over-long list yields one "Too many" error and its items are not inspected, as upstream.
 */
package dev.gpudra.localcluster.validation;
