/**
 * Self-signed certificates for tests of TLS servers (the webhook): made by the JDK's {@code
 * keytool}, RSA or EC, for the subject alternative names a test needs, written as PEM the way
 * cert-manager's secrets hold them, and a client context that trusts exactly the given ones.
 *
 * <p>Invariants: every certificate has its own key store in the test's directory; nothing is added
 * to the JVM's trust store.
 */
package dev.gpudra.testfixtures.tls;
