package dev.gpudra.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * The client's failures in words: which server (and context), what request, what went wrong ({@code
 * connection refused}, {@code unknown host}, an HTTP status and the server's message). The fabric8
 * client's own messages name neither the server nor the reason ("Operation: [list] for kind:
 * [DeviceClass] ... failed.").
 */
final class ApiErrors {
  private static final Pattern OPERATION =
      Pattern.compile("Operation: \\[(\\w+)\\]\\s+for kind: \\[(\\w+)\\]");

  private ApiErrors() {}

  static ApiServerException of(Config config, KubernetesClientException e) {
    String context =
        config.getCurrentContext() == null
            ? " (in-cluster configuration: no kubeconfig found)"
            : " (context " + config.getCurrentContext().getName() + ")";
    return new ApiServerException(
        "API server " + config.getMasterUrl() + context + ": " + request(e) + reason(e), e);
  }

  private static String request(KubernetesClientException e) {
    Matcher operation = OPERATION.matcher(String.valueOf(e.getMessage()));
    return operation.find() ? "cannot " + operation.group(1) + " " + operation.group(2) + ": " : "";
  }

  /** Why: an HTTP status with the server's message, else the most telling cause. */
  static String reason(KubernetesClientException e) {
    if (e.getCode() > 0) {
      String message = e.getStatus() == null ? null : e.getStatus().getMessage();
      return "HTTP " + e.getCode() + (message == null || message.isBlank() ? "" : ": " + message);
    }
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    Throwable root = chain.getLast();
    for (Throwable t : chain) {
      if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
        return "unknown host" + detail(t);
      }
      if (t instanceof SSLException || t instanceof HttpTimeoutException) {
        return (t instanceof SSLException ? "TLS" : "timed out") + detail(t);
      }
    }
    for (Throwable t : chain) {
      if (t instanceof ConnectException) {
        return root instanceof ClosedChannelException
            ? "connection refused"
            : "cannot connect"
                + detail(t instanceof ConnectException && t.getMessage() == null ? root : t);
      }
      if (t instanceof NoRouteToHostException) {
        return "no route to host" + detail(t);
      }
    }
    return root.getClass().getSimpleName() + detail(root);
  }

  private static String detail(Throwable t) {
    return t.getMessage() == null ? "" : ": " + t.getMessage().lines().findFirst().orElse("");
  }
}
