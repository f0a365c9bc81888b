package dev.gpudra.realcluster.node;

import java.util.Objects;

/**
 * The pod network's CNI configuration: the bridge {@link NodeNetwork} made, host-local addresses
 * with their allocations under the node's directory, and a default route through the gateway (to
 * the API server's Service, which kube-proxy routes). Nothing routes to it from outside the
 * machine; the suites read container output from log files, never over the network.
 *
 * @param layout where things live
 * @param network the bridge, its gateway and the pod subnet
 */
public record CniConfig(NodeLayout layout, NodeNetwork network) {
  public CniConfig {
    Objects.requireNonNull(layout, "layout");
    Objects.requireNonNull(network, "network");
  }

  public String conflist() {
    return """
    {"cniVersion": "1.0.0", "name": "gpu-dra-e2e", "plugins": [
      {"type": "bridge", "bridge": "%s", "isGateway": true, "ipMasq": false,
       "ipam": {"type": "host-local", "dataDir": "%s",
                "ranges": [[{"subnet": "%s", "gateway": "%s"}]],
                "routes": [{"dst": "0.0.0.0/0"}]}},
      {"type": "portmap", "capabilities": {"portMappings": true}}]}
    """
        .formatted(network.bridge(), layout.cniDataDir(), network.subnet(), network.gateway());
  }
}
