/**
 * Judges an {@code admission.k8s.io/v1} AdmissionReview of a ResourceClaim or ResourceClaimTemplate
 * ({@code resource.k8s.io} {@code v1}, {@code v1beta2}, {@code v1beta1}): every opaque config of
 * {@code gpu.nvidia.com} or {@code compute-domain.nvidia.com} is decoded strictly and normalized
 * and validated under the feature gates, exactly as the kubelet plugin of that driver will, so that
 * a claim the plugin would fail is refused when it is created. Pure: JSON in, JSON out. A review is
 * read as a stream and only its opaque configs are kept, so memory follows the configs, not the
 * body.
 *
 * <p>Invariants: a body that is not an AdmissionReview is a {@link
 * dev.gpudra.webhook.admission.MalformedReviewException} (HTTP 400 at the edge); anything the
 * review carries is answered with a {@link dev.gpudra.webhook.admission.Verdict}, never an
 * exception; denial messages are NVIDIA's: {@code N configs failed to validate: ...}, each naming
 * {@code spec[.spec].devices.config[i].opaque.parameters}.
 */
package dev.gpudra.webhook.admission;
