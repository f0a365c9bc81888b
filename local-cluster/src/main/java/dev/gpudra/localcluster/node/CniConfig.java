package dev.gpudra.localcluster.node;

import java.util.Objects;

/**
 * The pod network of the node: one bridge with host-local addresses, its allocations kept under the
 * node's directory. Nothing routes to it from outside the machine; the suites read container output
 * from log files, never over the network.
 *
 * @param layout where things live
 * @param bridge the bridge's name (deleted when the node stops)
 * @param subnet the pod subnet
 */
public record CniConfig(NodeLayout layout, String bridge, String subnet) {
  public static final String BRIDGE = "gpudra0";
  public static final String SUBNET = "10.244.77.0/24";

  public CniConfig {
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(bridge, "bridge");
    Objects.requireNonNull(subnet, "subnet");
  }

  public CniConfig(NodeLayout layout) {
    this(layout, BRIDGE, SUBNET);
  }

  public String conflist() {
    return """
    {"cniVersion": "1.0.0", "name": "gpu-dra-e2e", "plugins": [
      {"type": "bridge", "bridge": "%s", "isGateway": true, "ipMasq": false,
       "ipam": {"type": "host-local", "dataDir": "%s", "ranges": [[{"subnet": "%s"}]]}},
      {"type": "portmap", "capabilities": {"portMappings": true}}]}
    """
        .formatted(bridge, layout.cniDataDir(), subnet);
  }
}
