package dev.gpudra.webhook.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a certificate chain and its private key from PEM files, as Go's {@code tls} package does.
 */
final class PemFiles {
  private static final Pattern BLOCK =
      Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \\1-----", Pattern.DOTALL);
  private static final Map<String, String> SIGNATURES =
      Map.of("RSA", "SHA256withRSA", "EC", "SHA256withECDSA", "EdDSA", "EdDSA");

  private PemFiles() {}

  /**
   * @throws TlsMaterialException naming the file at fault
   */
  static KeyMaterial read(Path certFile, Path keyFile) {
    List<X509Certificate> chain = certificates(certFile);
    PrivateKey key = key(keyFile);
    checkPair(key, chain.get(0), keyFile, certFile);
    return new KeyMaterial(key, chain);
  }

  private static List<X509Certificate> certificates(Path file) {
    List<X509Certificate> chain = new ArrayList<>();
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      for (Block block : blocks(file)) {
        if (block.type().equals("CERTIFICATE")) {
          chain.add(
              (X509Certificate)
                  factory.generateCertificate(new ByteArrayInputStream(block.content())));
        }
      }
    } catch (GeneralSecurityException e) {
      throw new TlsMaterialException(
          file + ": not a valid X.509 certificate: " + e.getMessage(), e);
    }
    if (chain.isEmpty()) {
      throw new TlsMaterialException(file + ": no PEM CERTIFICATE block");
    }
    return chain;
  }

  private static PrivateKey key(Path file) {
    for (Block block : blocks(file)) {
      if (block.type().endsWith("PRIVATE KEY")) {
        try {
          return PrivateKeys.parse(block.type(), block.content());
        } catch (TlsMaterialException e) {
          throw new TlsMaterialException(file + ": " + e.getMessage(), e);
        }
      }
    }
    throw new TlsMaterialException(file + ": no PEM PRIVATE KEY block");
  }

  /** Signs with the key and verifies with the certificate, as a handshake would. */
  private static void checkPair(PrivateKey key, X509Certificate cert, Path keyFile, Path certFile) {
    String algorithm =
        SIGNATURES.get(key.getAlgorithm().startsWith("Ed") ? "EdDSA" : key.getAlgorithm());
    if (algorithm == null) {
      return;
    }
    byte[] probe = "gpu-dra webhook key check".getBytes(StandardCharsets.US_ASCII);
    try {
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(cert.getPublicKey());
      verifier.update(probe);
      if (verifier.verify(signature)) {
        return;
      }
    } catch (GeneralSecurityException e) {
      // a key of another type than the certificate's: the same answer as a failed check
    }
    throw new TlsMaterialException(
        keyFile + ": the private key does not match the certificate in " + certFile);
  }

  private record Block(String type, byte[] content) {}

  private static List<Block> blocks(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new TlsMaterialException(file + ": cannot read: " + e.getMessage(), e);
    }
    List<Block> blocks = new ArrayList<>();
    Matcher matcher = BLOCK.matcher(text);
    while (matcher.find()) {
      String body = matcher.group(2);
      if (body.contains(":")) {
        throw new TlsMaterialException(file + ": PEM headers (an encrypted key) are not supported");
      }
      try {
        blocks.add(new Block(matcher.group(1), Base64.getMimeDecoder().decode(body)));
      } catch (IllegalArgumentException e) {
        throw new TlsMaterialException(file + ": bad base64 in a PEM block", e);
      }
    }
    return blocks;
  }
}
