package dev.gpudra.realcluster.node;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real node's network, made before the control plane: the pod bridge with its gateway address,
 * on which the API server listens (the testcluster's {@code --address}), so that pods reach it as
 * in a real cluster: through the {@code kubernetes} Service, which the node's kube-proxy routes to
 * the gateway. Nothing outside the machine routes to it. The CNI bridge plugin attaches pods to
 * this bridge ({@link CniConfig}).
 *
 * @param bridge the bridge's name
 * @param gateway the bridge's address: the pods' gateway and the API server's address
 * @param subnet the pod subnet (the kube-proxy's cluster CIDR)
 */
public record NodeNetwork(String bridge, String gateway, String subnet) implements AutoCloseable {
  /** The bridge every real node on this machine uses. */
  public static final String BRIDGE = "gpudra0";

  private static final Logger log = LoggerFactory.getLogger(NodeNetwork.class);

  public NodeNetwork {
    Objects.requireNonNull(bridge, "bridge");
    Objects.requireNonNull(gateway, "gateway");
    Objects.requireNonNull(subnet, "subnet");
  }

  /** The network every real node on this machine uses. */
  public static NodeNetwork standard() {
    return new NodeNetwork(BRIDGE, "10.244.77.1", "10.244.77.0/24");
  }

  /**
   * Removes what real nodes of killed test JVMs left, then creates the bridge with its gateway
   * address (or keeps it, if a node of this JVM made it already).
   *
   * @throws RealNodeStartException when the bridge cannot be made (not root)
   */
  public static NodeNetwork up() {
    int swept = StaleNodes.sweep(Path.of(System.getProperty("java.io.tmpdir")), Path.of("/dev"));
    if (swept > 0) {
      log.info("removed {} real-node directories of test JVMs that were killed", swept);
    }
    NodeNetwork network = standard();
    network.create();
    return network;
  }

  /** The testcluster's flags that put the API server on this network. */
  public List<String> apiServerFlags() {
    return List.of("--address=" + gateway);
  }

  private void create() {
    if (!exists()) {
      Processes.run(List.of("ip", "link", "add", bridge, "type", "bridge"));
    }
    String cidr = gateway + "/" + subnet.substring(subnet.indexOf('/') + 1);
    if (!Processes.run(List.of("ip", "-o", "-4", "addr", "show", "dev", bridge)).contains(cidr)) {
      Processes.run(List.of("ip", "addr", "add", cidr, "dev", bridge));
    }
    Processes.run(List.of("ip", "link", "set", bridge, "up"));
  }

  private boolean exists() {
    return Files.exists(Path.of("/sys/class/net", bridge));
  }

  /** Deletes the bridge: after the control plane and every node on it have stopped. */
  @Override
  public void close() {
    if (exists()) {
      Processes.tryRun(List.of("ip", "link", "delete", bridge));
    }
  }
}
