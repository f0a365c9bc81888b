package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.HttpURLConnection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes stale entries from a clique: a JSON merge patch of its {@code daemons} that carries the
 * cached resourceVersion, so a daemon that registered meanwhile is never overwritten (the server
 * refuses the patch with a conflict and the next pass looks again).
 */
final class CliqueWriter {
  private static final Logger log = LoggerFactory.getLogger(CliqueWriter.class);

  private final KubernetesClient client;

  CliqueWriter(KubernetesClient client) {
    this.client = client;
  }

  void prune(StaleEntries.Prune prune) {
    ComputeDomainClique clique = prune.clique();
    Map<String, Object> patch = new LinkedHashMap<>();
    patch.put("metadata", Map.of("resourceVersion", clique.getMetadata().getResourceVersion()));
    patch.put("daemons", prune.kept());
    String where = clique.getMetadata().getNamespace() + "/" + clique.getMetadata().getName();
    try {
      client
          .resources(ComputeDomainClique.class)
          .inNamespace(clique.getMetadata().getNamespace())
          .withName(clique.getMetadata().getName())
          .patch(
              PatchContext.of(PatchType.JSON_MERGE),
              client.getKubernetesSerialization().asJson(patch));
      log.info(
          "ComputeDomainClique {}: removed the entries of {} (no daemon pod there for {} s)",
          where,
          prune.removed(),
          StaleEntries.GRACE.toSeconds());
    } catch (KubernetesClientException e) {
      if (e.getCode() != HttpURLConnection.HTTP_CONFLICT
          && e.getCode() != HttpURLConnection.HTTP_NOT_FOUND) {
        throw e;
      }
      log.debug("ComputeDomainClique {} changed meanwhile; looked at again next pass", where);
    }
  }
}
