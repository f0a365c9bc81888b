/**
 * The webhook's HTTPS server on the JDK's {@code HttpsServer}: {@code POST
 * /validate-resource-claim-parameters} (AdmissionReviews, {@code application/json}) and {@code GET
 * /readyz}, as NVIDIA's webhook serves them.
 *
 * <p>Invariants: no input ends the server; a body that is not an AdmissionReview is HTTP 400 with
 * the reason, a wrong media type 415, a body over {@link
 * dev.gpudra.webhook.admission.ReviewCodec#MAX_BODY_BYTES} 413, a bug 500 with its message; an
 * error answered before the body was read closes the connection. Each connection (its TLS handshake
 * included) runs on a virtual thread of its own, so a slow client holds only itself; the
 * connections are capped ({@link dev.gpudra.webhook.server.WebhookServer#MAX_CONNECTIONS}) and a
 * review keeps only its configs in memory, so the heap a review can take is bounded.
 */
package dev.gpudra.webhook.server;
