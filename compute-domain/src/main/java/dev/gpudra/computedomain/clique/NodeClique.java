package dev.gpudra.computedomain.clique;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's NVLink clique ({@code <cluster UUID>.<clique ID>}), read from NVML at start and
 * re-read later: Fabric Manager partitioning can change it. A re-read that finds no clique keeps
 * the known one, as NVIDIA's plugin does.
 */
public final class NodeClique {
  private static final Logger log = LoggerFactory.getLogger(NodeClique.class);

  private final AtomicReference<String> current;
  private final Supplier<String> reader;

  /**
   * @param initial the clique read at start; empty off a multi-node NVLink fabric
   * @param reader reads the clique again from NVML
   */
  public NodeClique(String initial, Supplier<String> reader) {
    this.current = new AtomicReference<>(Objects.requireNonNull(initial, "initial"));
    this.reader = Objects.requireNonNull(reader, "reader");
  }

  /** A clique that is never re-read. */
  public static NodeClique fixed(String cliqueId) {
    return new NodeClique(cliqueId, () -> cliqueId);
  }

  /** The newest known clique; empty when the node has none. */
  public String current() {
    return current.get();
  }

  /** Reads the clique again; returns whether it changed. */
  public boolean refresh() {
    String read = reader.get();
    String known = current.get();
    if (read == null || read.isEmpty() || read.equals(known)) {
      return false;
    }
    log.info("the node's clique changed from '{}' to '{}'", known, read);
    current.set(read);
    return true;
  }
}
