package dev.gpudra.e2e;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;

/**
 * ComputeDomains on the real node's cluster, and the node's domain label, for the ComputeDomain
 * suites.
 *
 * @param client the cluster
 * @param namespace where the domains go
 */
record NodeDomains(KubernetesClient client, String namespace) {
  /** Creates a domain of one node whose channel template is {@code <name>-channel}. */
  ComputeDomain create(String name) {
    return client
        .resource(
            new ComputeDomain(
                new ObjectMetaBuilder().withNamespace(namespace).withName(name).build(),
                new ComputeDomainSpec(
                    1,
                    new ComputeDomainSpec.Channel(
                        new ComputeDomainSpec.ClaimTemplate(name + "-channel"), null)),
                null))
        .create();
  }

  /** The real node's {@code resource.nvidia.com/computeDomain} label, or null. */
  String nodeLabel() {
    Map<String, String> labels =
        client.nodes().withName(RealNodeFixture.NODE).get().getMetadata().getLabels();
    return labels.get(ComputeDomainLabels.DOMAIN);
  }

  /** Sets the real node's domain label to {@code uid}, or removes it for null. */
  void setNodeLabel(String uid) {
    client
        .nodes()
        .withName(RealNodeFixture.NODE)
        .edit(n -> {
          if (uid == null) {
            n.getMetadata().getLabels().remove(ComputeDomainLabels.DOMAIN);
          } else {
            n.getMetadata().getLabels().put(ComputeDomainLabels.DOMAIN, uid);
          }
          return n;
        });
  }
}
