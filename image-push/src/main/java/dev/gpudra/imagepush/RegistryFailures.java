package dev.gpudra.imagepush;

import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.InsecureRegistryException;
import com.google.cloud.tools.jib.api.RegistryAuthenticationFailedException;
import com.google.cloud.tools.jib.api.RegistryUnauthorizedException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/** Jib's failures, as what happened at which registry and what to do about it. */
final class RegistryFailures {
  private RegistryFailures() {}

  /**
   * @param verb what was done to {@code target}: {@code push} or {@code pull}
   */
  static ImageException explain(ImageReference target, String verb, Throwable failure) {
    String registry = target.getRegistry();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof InsecureRegistryException || cause instanceof SSLException) {
        return new ImageException(
            registry
                + " does not serve HTTPS with a certificate this machine trusts: pass --insecure"
                + " to "
                + verb
                + " over plain HTTP or without verifying it",
            failure);
      }
      if (cause instanceof RegistryUnauthorizedException
          || cause instanceof RegistryAuthenticationFailedException) {
        return new ImageException(
            registry
                + " refused to let us "
                + verb
                + " "
                + target.getRepository()
                + " ("
                + cause.getMessage()
                + "): log in with docker login or a credential helper, or set "
                + RegistryCredentials.USERNAME
                + " and "
                + RegistryCredentials.PASSWORD,
            failure);
      }
      if (cause instanceof ConnectException || cause instanceof UnknownHostException) {
        return new ImageException("cannot reach " + registry + ": " + cause.getMessage(), failure);
      }
    }
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return new ImageException("cannot " + verb + " " + target + ": " + why, failure);
  }
}
