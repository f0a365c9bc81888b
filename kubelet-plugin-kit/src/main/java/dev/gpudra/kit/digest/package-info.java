/**
 * Digests: SHA-256 through libcrypto (JNA) where the process can load it, the JDK's otherwise; the
 * same bytes in, the same digest out.
 */
package dev.gpudra.kit.digest;
