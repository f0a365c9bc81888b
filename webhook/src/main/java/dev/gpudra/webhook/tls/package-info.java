/**
 * The webhook's serving certificate and key: PEM files as cert-manager or a user's secret holds
 * them (the chain in {@code tls.crt}; the key in {@code tls.key} as PKCS#8 {@code PRIVATE KEY},
 * PKCS#1 {@code RSA PRIVATE KEY} or SEC1 {@code EC PRIVATE KEY}), read again when the files change,
 * as they do when cert-manager renews the certificate and the kubelet updates the secret's volume.
 *
 * <p>Invariants: a key that does not match the certificate is refused; a rotation that cannot be
 * read keeps the last good pair; a handshake uses one pair throughout, even while a new one is
 * loaded.
 */
package dev.gpudra.webhook.tls;
