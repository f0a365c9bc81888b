package dev.gpudra.e2e;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.realcluster.node.ChartPlugin;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * A ComputeDomain clique that already has its 18 trays, for the nineteenth node's refusal: the
 * clique object and a placeholder daemon pod per tray.
 *
 * @param client the cluster's admin client
 */
record FullClique(KubernetesClient client) {

  /**
   * The clique already full: 18 other trays' daemons, Ready. Their daemon pods are bound to nodes
   * that do not exist and never run: without a daemon pod on its node, the controller removes an
   * entry.
   *
   * @return the placeholder pods' owner, to delete at the end
   */
  ConfigMap create(String uid, String clique) {
    List<ComputeDomainDaemon> eighteen =
        IntStream.range(0, 18)
            .mapToObj(i ->
                new ComputeDomainDaemon(
                    "gb200-" + i, "10.9.0." + (i + 1), clique, i, DomainStatus.READY))
            .toList();
    ConfigMap owner = placeholderOwner();
    eighteen.forEach(d -> placeholderDaemon(d.nodeName(), uid, owner));
    client
        .resource(
            new ComputeDomainClique(
                new ObjectMetaBuilder()
                    .withNamespace(ChartPlugin.NAMESPACE)
                    .withName(uid + "." + clique)
                    .withLabels(Map.of(ComputeDomainLabels.DOMAIN, uid))
                    .build(),
                eighteen))
        .create();
    return owner;
  }

  /**
   * Owns the placeholder daemon pods, so that the domain's DaemonSet (whose selector they match)
   * leaves them alone instead of adopting and replacing them.
   */
  private ConfigMap placeholderOwner() {
    return client
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withNamespace(ChartPlugin.NAMESPACE)
                .withName("placeholder-daemons")
                .endMetadata()
                .build())
        .create();
  }

  private void placeholderDaemon(String node, String uid, ConfigMap owner) {
    client
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withNamespace(ChartPlugin.NAMESPACE)
                .withName("placeholder-" + node)
                .withLabels(Map.of(ComputeDomainLabels.DOMAIN, uid, "gpu-dra.dev/placeholder", ""))
                .addNewOwnerReference()
                .withApiVersion("v1")
                .withKind("ConfigMap")
                .withName(owner.getMetadata().getName())
                .withUid(owner.getMetadata().getUid())
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .addNewContainer()
                .withName("compute-domain-daemon")
                .withImage("placeholder")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  /** Deletes the clique, the placeholder pods and their owner. */
  void remove(String uid, String clique, ConfigMap owner) {
    client
        .resources(ComputeDomainClique.class)
        .inNamespace(ChartPlugin.NAMESPACE)
        .withName(uid + "." + clique)
        .delete();
    client
        .pods()
        .inNamespace(ChartPlugin.NAMESPACE)
        .withLabel("gpu-dra.dev/placeholder")
        .withGracePeriod(0)
        .delete();
    client.resource(owner).delete();
  }
}
