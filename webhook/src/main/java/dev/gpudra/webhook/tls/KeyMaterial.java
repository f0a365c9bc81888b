package dev.gpudra.webhook.tls;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * A serving key and its certificate chain (the server's certificate first).
 *
 * @param key matches the first certificate's public key
 * @param chain never empty
 */
record KeyMaterial(PrivateKey key, List<X509Certificate> chain) {
  KeyMaterial {
    chain = List.copyOf(chain);
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("a certificate chain is never empty");
    }
  }

  X509Certificate[] chainArray() {
    return chain.toArray(X509Certificate[]::new);
  }
}
