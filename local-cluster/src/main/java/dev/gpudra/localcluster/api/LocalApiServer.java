package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.localcluster.validation.DraValidation;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fabric8's mock API server in CRUD mode, listening on 127.0.0.1 on a free port. By default it
 * refuses invalid resource.k8s.io/v1 objects with 422 Invalid, as the real API server does.
 */
public final class LocalApiServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(LocalApiServer.class);
  private static final String NAME = "gpu-dra-local";

  private final KubernetesMockServer server;

  /**
   * fabric8's mock server logs every request at INFO through java.util.logging; callers' own logs
   * say what happens, so this server keeps it to warnings. Held for the server's life because
   * java.util.logging keeps loggers weakly: a level set on one nobody references is lost at the
   * next GC (seen on JDK 21 as a thousand request lines in the demo).
   */
  private final java.util.logging.Logger requestLog =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  /**
   * The mock's watch sockets log SEVERE with a stack trace when they send a close frame on a
   * connection the client already closed (a race at every shutdown with watches open: 121 times in
   * one CI run, and at the end of some demo runs); nothing is lost, so that record alone is not
   * shown (a failed write of a watch event still is).
   */
  private final java.util.logging.Logger socketCloseLog =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver.vertx.VertxMockWebSocket");

  private KubernetesClient client;

  /** A server that validates resource.k8s.io/v1 objects like the real API server. */
  public LocalApiServer() {
    this(ApiValidation.STRICT);
  }

  /** A server with the given validation of resource.k8s.io/v1 objects. */
  public LocalApiServer(ApiValidation validation) {
    requestLog.setLevel(java.util.logging.Level.WARNING);
    socketCloseLog.setFilter(
        r -> r.getMessage() == null || !r.getMessage().startsWith("VertxMockWebSocket.close"));
    KubernetesCrudDispatcher dispatcher =
        switch (validation) {
          case STRICT -> new ValidatingCrudDispatcher(new DraValidation());
          case NONE -> new LocalCrudDispatcher();
        };
    this.server =
        new KubernetesMockServer(
            new Context(), new MockWebServer(), new HashMap<>(), dispatcher, false);
  }

  /** Starts listening; returns this for chaining. */
  public synchronized LocalApiServer start() {
    server.init(InetAddress.getLoopbackAddress(), 0);
    client = server.createClient();
    log.info("local API server listening on {}", url());
    return this;
  }

  /** The server's base URL, e.g. {@code http://127.0.0.1:41234}. */
  public String url() {
    return "http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + server.getPort();
  }

  /** A client for this server (default namespace {@code test}); closed with the server. */
  public synchronized KubernetesClient client() {
    if (client == null) {
      throw new IllegalStateException("local API server not started");
    }
    return client;
  }

  /** Writes a kubeconfig that points at this server and returns its path. */
  public Path writeKubeconfig(Path file) {
    Map<String, Object> config =
        Map.of(
            "apiVersion",
            "v1",
            "kind",
            "Config",
            "clusters",
            List.of(Map.of("name", NAME, "cluster", Map.of("server", url()))),
            "users",
            List.of(Map.of("name", NAME, "user", Map.of("token", "local"))),
            "contexts",
            List.of(
                Map.of(
                    "name",
                    NAME,
                    "context",
                    Map.of("cluster", NAME, "user", NAME, "namespace", "default"))),
            "current-context",
            NAME);
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      new ObjectMapper(new YAMLFactory()).writeValue(file.toFile(), config);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write kubeconfig " + file, e);
    }
    return file;
  }

  @Override
  public synchronized void close() {
    if (client != null) {
      client.close();
      client = null;
    }
    server.destroy();
  }
}
