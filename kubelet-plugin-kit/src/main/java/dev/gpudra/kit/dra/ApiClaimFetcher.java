package dev.gpudra.kit.dra;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;
import java.util.Optional;

/** Reads {@code resource.k8s.io/v1} ResourceClaims from the API server. */
public final class ApiClaimFetcher implements ClaimFetcher {
  private final KubernetesClient client;

  public ApiClaimFetcher(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public Optional<ResourceClaim> fetch(String namespace, String name) {
    return Optional.ofNullable(
        client
            .dynamicResourceAllocation()
            .v1()
            .resourceClaims()
            .inNamespace(namespace)
            .withName(name)
            .get());
  }
}
