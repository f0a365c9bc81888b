package dev.gpudra.webhook.tls;

/**
 * The certificate or key files cannot be used: unreadable, not PEM, an unsupported or encrypted
 * key, or a key that does not match the certificate. An error in what the user configured.
 */
public class TlsMaterialException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public TlsMaterialException(String message) {
    super(message);
  }

  public TlsMaterialException(String message, Throwable cause) {
    super(message, cause);
  }
}
