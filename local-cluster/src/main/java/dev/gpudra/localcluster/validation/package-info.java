/**
 * Pure validation of resource.k8s.io/v1 objects: a hand copy of the API server's field errors
 * (Kubernetes 1.37, {@code pkg/apis/resource/validation} and its declarative rules) with the DRA
 * gates {@code gpu-dra-testcluster} turns on, CEL selectors compiled by the allocator's
 * environment. {@code ValidationAgreementE2E} holds it to the real kube-apiserver over the corpus
 * in {@code validation.corpus}. Validators take fabric8 model objects and return {@link
 * dev.gpudra.localcluster.validation.FieldError}s; they never touch a client or the network. An
 * over-long list yields one "Too many" error and its items are not inspected, as upstream.
 */
package dev.gpudra.localcluster.validation;
