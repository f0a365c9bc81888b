package dev.gpudra.imagepush;

import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.InsecureRegistryException;
import com.google.cloud.tools.jib.api.RegistryAuthenticationFailedException;
import com.google.cloud.tools.jib.api.RegistryUnauthorizedException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/** Jib's failures, as what happened at which registry and what to do about it. */
final class PushFailures {
  private PushFailures() {}

  static PushException explain(ImageReference target, Throwable failure) {
    String registry = target.getRegistry();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof InsecureRegistryException || cause instanceof SSLException) {
        return new PushException(
            registry
                + " does not serve HTTPS with a certificate this machine trusts: pass --insecure"
                + " to push over plain HTTP or without verifying it",
            failure);
      }
      if (cause instanceof RegistryUnauthorizedException
          || cause instanceof RegistryAuthenticationFailedException) {
        return new PushException(
            registry
                + " refused to let us push "
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
        return new PushException("cannot reach " + registry + ": " + cause.getMessage(), failure);
      }
    }
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return new PushException(
        "pushing "
            + target
            + " failed: "
            + root.getClass().getSimpleName()
            + ": "
            + root.getMessage(),
        failure);
  }
}
