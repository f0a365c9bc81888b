package dev.gpudra.kit.dra;

import dev.gpudra.kit.ClaimRef;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.slf4j.MDC;

/**
 * The driver and node a plugin runs as, put on every log line of a prepare or unprepare as SLF4J
 * MDC ({@code driver}, {@code node}), with the claim in hand ({@code claim}: {@code namespace/name
 * (uid)}, several joined by {@code ", "} when one driver call takes several). Text lines show them
 * after the logger, JSON lines as fields.
 *
 * @param driver the DRA driver name ({@code gpu.nvidia.com})
 * @param node the node's name
 */
public record LogContext(String driver, String node) {
  /** No context: for tests and tools without a node. */
  public static final LogContext NONE = new LogContext("", "");

  static final String DRIVER = "driver";
  static final String NODE = "node";
  static final String CLAIM = "claim";

  public LogContext {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(node, "node");
  }

  /** The context of one call; closing it removes what it put. */
  Scope call() {
    if (driver.isEmpty() && node.isEmpty()) {
      return () -> {};
    }
    MDC.put(DRIVER, driver);
    MDC.put(NODE, node);
    return () -> {
      MDC.remove(DRIVER);
      MDC.remove(NODE);
    };
  }

  /** The claims in hand, until closed. */
  static Scope claims(List<ClaimRef> claims) {
    if (claims.isEmpty()) {
      return () -> {};
    }
    MDC.put(CLAIM, claims.stream().map(ClaimRef::toString).collect(Collectors.joining(", ")));
    return () -> MDC.remove(CLAIM);
  }

  /** What a context put, removed on close. */
  interface Scope extends AutoCloseable {
    @Override
    void close();
  }
}
