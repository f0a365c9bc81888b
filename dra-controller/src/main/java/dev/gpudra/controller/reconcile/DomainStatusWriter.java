package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.List;
import java.util.Map;

/**
 * Writes a ComputeDomain's whole status as one JSON Patch {@code add} of {@code /status}, which
 * replaces the status there whatever it holds. The controller is the status's only writer and
 * computes it from its caches each pass, so the last write is the right one. A patch computed as
 * the difference from the cached domain (what the operator SDK sends) removes list entries by
 * index, and fails when that cached copy is behind the server ("index out of bounds"): the status
 * then waited for the retry's back-off.
 */
final class DomainStatusWriter {
  private final KubernetesClient client;

  DomainStatusWriter(KubernetesClient client) {
    this.client = client;
  }

  void write(ComputeDomain domain, ComputeDomainStatus status) {
    String patch =
        client
            .getKubernetesSerialization()
            .asJson(List.of(Map.of("op", "add", "path", "/status", "value", status)));
    client
        .resources(ComputeDomain.class)
        .inNamespace(domain.getMetadata().getNamespace())
        .withName(domain.getMetadata().getName())
        .subresource("status")
        .patch(PatchContext.of(PatchType.JSON), patch);
  }
}
