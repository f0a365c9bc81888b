package dev.gpudra.gpu.state;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;
import java.util.Optional;

/** {@link ClaimLookup} against the API server (resource.k8s.io/v1). */
public final class KubernetesClaimLookup implements ClaimLookup {
  private final KubernetesClient client;

  public KubernetesClaimLookup(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public Optional<String> currentUid(String namespace, String name) {
    ResourceClaim claim =
        client.resources(ResourceClaim.class).inNamespace(namespace).withName(name).get();
    return Optional.ofNullable(claim).map(c -> c.getMetadata().getUid());
  }
}
