package dev.gpudra.gpu.plugin;

import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.nio.file.Path;

/**
 * A node for plugins in child JVMs: the local API server with the Node object, its kubeconfig for
 * the children, the node's directories and a kubelet stand-in watching their registry.
 */
final class StandInNode implements AutoCloseable {
  final NodeDirs dirs;
  final LocalApiServer api = new LocalApiServer().start();
  final Path kubeconfig;
  final ApiClaims claims;
  final KubeletStandIn kubelet;

  /**
   * @param root a temp directory: the node's directories and the kubeconfig go under it
   */
  StandInNode(Path root, String name) {
    dirs = new NodeDirs(root.resolve("node")).withBootId();
    api.client()
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
    kubeconfig = api.writeKubeconfig(root.resolve("kubeconfig"));
    claims = new ApiClaims(api.client(), name);
    kubelet = new KubeletStandIn(StandInConfig.of(dirs.registrar(), name), api.client());
    kubelet.start();
  }

  @Override
  public void close() {
    kubelet.close();
    api.close();
  }
}
