/**
 * The webhook's HTTPS server on the JDK's {@code HttpsServer}: {@code POST
 * /validate-resource-claim-parameters} (AdmissionReviews, {@code application/json}) and {@code GET
 * /readyz}, as NVIDIA's webhook serves them.
 *
 * <p>Invariants: no input ends the server; a body that is not an AdmissionReview is HTTP 400 with
 * the reason, a wrong media type 415, a body over {@link
 * dev.gpudra.webhook.server.ReviewHandler#MAX_BODY_BYTES} 413, a bug 500 with its message; requests
 * run on a pool of their own, so one slow client does not hold the others.
 */
package dev.gpudra.webhook.server;
