package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;

/** A domain's daemon pods and cliques as the IMEX daemons make them, for the controller's ITs. */
final class DomainFixtures {
  static final String DRIVER_NS = "gpu-dra";
  static final String CLIQUE = "9c6f5af3-53bf-49b5-a436-b66766c413c3.4026";

  private DomainFixtures() {}

  static io.fabric8.kubernetes.api.model.Pod daemonPod(String uid, String node) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("daemon-" + node)
        .withNamespace(DRIVER_NS)
        .withLabels(
            Map.of(
                "resource.nvidia.com/computeDomain",
                uid,
                "resource.nvidia.com/computeDomain.cliqueID",
                CLIQUE))
        .endMetadata()
        .withNewSpec()
        .withNodeName(node)
        .addNewContainer()
        .withName("compute-domain-daemon")
        .withImage("gpu-dra:it")
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withPhase("Running")
        .endStatus()
        .build();
  }

  static ComputeDomainClique clique(String uid, ComputeDomainDaemon... daemons) {
    return new ComputeDomainClique(
        new ObjectMetaBuilder()
            .withName(uid + "." + CLIQUE)
            .withNamespace(DRIVER_NS)
            .withLabels(Map.of("resource.nvidia.com/computeDomain", uid))
            .build(),
        List.of(daemons));
  }
}
