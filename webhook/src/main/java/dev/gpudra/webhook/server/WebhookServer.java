package dev.gpudra.webhook.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.gpudra.metrics.ConnectionLimits;
import dev.gpudra.webhook.admission.ClaimAdmission;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * The webhook over HTTPS: {@value #VALIDATE_PATH} and {@value #READY_PATH}. TLS 1.2 and 1.3 with
 * the key manager's certificate (which follows rotation). Each connection, its handshake included,
 * runs on a virtual thread, so a client that stalls (a ClientHello a byte at a time) holds only its
 * own connection. A request not received or a response not taken within {@link #STALL_SECONDS} has
 * its connection closed; at most {@link #MAX_CONNECTIONS} are open at once (the JDK server's {@code
 * maxReqTime}, {@code maxRspTime} and {@code maxConnections}, set by {@link ConnectionLimits}, as
 * for every other HTTP server of ours).
 */
public final class WebhookServer implements AutoCloseable {
  public static final String VALIDATE_PATH = "/validate-resource-claim-parameters";
  public static final String READY_PATH = "/readyz";
  public static final int STALL_SECONDS = ConnectionLimits.STALL_SECONDS;

  /** How long a stop waits for the reviews in flight. */
  public static final int STOP_SECONDS = 5;

  /** Open connections at most; more wait in the listen backlog. */
  public static final int MAX_CONNECTIONS = ConnectionLimits.MAX_CONNECTIONS;

  private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);

  private final HttpsServer server;
  private final ExecutorService executor;

  private WebhookServer(HttpsServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /**
   * Listens on {@code address} and serves until closed.
   *
   * @throws UncheckedIOException when the address cannot be bound
   */
  public static WebhookServer start(
      InetSocketAddress address, X509ExtendedKeyManager keys, ClaimAdmission admission) {
    ConnectionLimits.apply();
    HttpsServer server;
    try {
      server = HttpsServer.create(address, 64);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen for HTTPS on " + address, e);
    }
    server.setHttpsConfigurator(configurator(keys));
    server.createContext(VALIDATE_PATH, new ReviewHandler(admission));
    server.createContext(READY_PATH, WebhookServer::ready);
    ExecutorService executor = ConnectionLimits.perConnection("webhook-https");
    server.setExecutor(executor);
    server.start();
    return new WebhookServer(server, executor);
  }

  /** The bound port (useful when started on port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  private static HttpsConfigurator configurator(X509ExtendedKeyManager keys) {
    SSLContext context;
    try {
      context = SSLContext.getInstance("TLS");
      context.init(new KeyManager[] {keys}, null, null);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK offers no TLS", e);
    }
    return new HttpsConfigurator(context) {
      @Override
      public void configure(HttpsParameters params) {
        SSLParameters ssl = context.getDefaultSSLParameters();
        ssl.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        params.setSSLParameters(ssl);
      }
    };
  }

  private static void ready(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (READY_PATH.equals(exchange.getRequestURI().getPath())) {
        Replies.send(exchange, 200, "text/plain; charset=utf-8", OK);
      } else {
        Replies.text(exchange, 404, "404 page not found");
      }
    }
  }

  /** Stops listening, lets the reviews in flight finish ({@link #STOP_SECONDS} at most). */
  @Override
  public void close() {
    server.stop(STOP_SECONDS);
    executor.shutdown();
    try {
      executor.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    executor.shutdownNow();
  }
}
