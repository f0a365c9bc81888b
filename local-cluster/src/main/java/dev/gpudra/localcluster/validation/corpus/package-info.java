/**
 * The validation corpus: named resource.k8s.io/v1 objects (YAML, valid and invalid) with the
 * verdict the real API server gives them. {@code CorpusVerdictsTest} holds the hand copy in {@code
 * validation} to the stated verdicts; {@code ValidationAgreementE2E} sends every case to the real
 * kube-apiserver and to {@code LocalApiServer} and requires the same verdict from both. A verdict
 * is the status code and the set of (field, reason) pairs of the 422's causes; messages are shown,
 * never compared.
 */
package dev.gpudra.localcluster.validation.corpus;
