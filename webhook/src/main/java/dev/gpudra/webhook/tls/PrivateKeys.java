package dev.gpudra.webhook.tls;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.List;

/**
 * A private key from its PEM block: PKCS#8 as is; PKCS#1 RSA (cert-manager's default encoding) and
 * SEC1 EC keys wrapped into PKCS#8 first, which is what the JDK reads.
 */
final class PrivateKeys {
  private static final String RSA_ENCRYPTION = "2a864886f70d010101";
  private static final String EC_PUBLIC_KEY = "2a8648ce3d0201";
  private static final List<String> ALGORITHMS =
      List.of("RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS");

  private PrivateKeys() {}

  /**
   * @param type the PEM block's type, e.g. {@code RSA PRIVATE KEY}
   * @param der its content
   */
  static PrivateKey parse(String type, byte[] der) {
    return switch (type) {
      case "PRIVATE KEY" -> pkcs8(der);
      case "RSA PRIVATE KEY" ->
          pkcs8(wrap(Der.tlv(Der.SEQUENCE, Der.oid(RSA_ENCRYPTION), Der.tlv(Der.NULL)), der));
      case "EC PRIVATE KEY" -> pkcs8(wrap(ecAlgorithm(der), der));
      case "ENCRYPTED PRIVATE KEY" ->
          throw new TlsMaterialException(
              "encrypted private keys are not supported: give the key unencrypted, as"
                  + " cert-manager writes it");
      default ->
          throw new TlsMaterialException(
              "unsupported PEM block \""
                  + type
                  + "\"; want PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY");
    };
  }

  private static byte[] wrap(byte[] algorithm, byte[] key) {
    return Der.tlv(
        Der.SEQUENCE,
        Der.tlv(Der.INTEGER, new byte[] {0}),
        algorithm,
        Der.tlv(Der.OCTET_STRING, key));
  }

  /** id-ecPublicKey with the curve the SEC1 key names in its {@code [0] parameters}. */
  private static byte[] ecAlgorithm(byte[] sec1) {
    Der.Tlv key = Der.read(sec1, 0);
    for (Der.Tlv child : Der.children(key.content())) {
      if (child.tag() == Der.CONTEXT_0) {
        Der.Tlv curve = Der.read(child.content(), 0);
        if (curve.tag() == Der.OID) {
          return Der.tlv(Der.SEQUENCE, Der.oid(EC_PUBLIC_KEY), curve.encoded());
        }
      }
    }
    throw new TlsMaterialException(
        "the EC PRIVATE KEY names no curve: give the key as PKCS#8 (PRIVATE KEY)");
  }

  private static PrivateKey pkcs8(byte[] der) {
    for (String algorithm : ALGORITHMS) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException | IllegalArgumentException e) {
        // not this algorithm: try the next
      }
    }
    throw new TlsMaterialException("the private key is not an RSA, EC or EdDSA key");
  }
}
