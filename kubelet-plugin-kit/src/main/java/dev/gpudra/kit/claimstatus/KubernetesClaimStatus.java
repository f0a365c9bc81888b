package dev.gpudra.kit.claimstatus;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Objects;
import java.util.Optional;

/** {@link ClaimStatusApi} on the API server, through fabric8. */
public final class KubernetesClaimStatus implements ClaimStatusApi {
  private final KubernetesClient client;

  public KubernetesClaimStatus(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public Optional<ResourceClaim> get(String namespace, String name) {
    try {
      return Optional.ofNullable(claims().inNamespace(namespace).withName(name).get());
    } catch (KubernetesClientException e) {
      throw mapped(e, "read claim " + namespace + "/" + name);
    }
  }

  @Override
  public void replaceStatus(ResourceClaim claim) {
    String what =
        "write status.devices of claim "
            + claim.getMetadata().getNamespace()
            + "/"
            + claim.getMetadata().getName();
    try {
      claims().resource(claim).updateStatus();
    } catch (KubernetesClientException e) {
      throw mapped(e, what);
    }
  }

  private io.fabric8.kubernetes.client.dsl.MixedOperation<
          ResourceClaim,
          io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimList,
          io.fabric8.kubernetes.client.dsl.Resource<ResourceClaim>>
      claims() {
    return client.dynamicResourceAllocation().v1().resourceClaims();
  }

  private static ClaimStatusException mapped(KubernetesClientException e, String what) {
    ClaimStatusException.Kind kind =
        switch (e.getCode()) {
          case 404 -> ClaimStatusException.Kind.GONE;
          case 409 -> ClaimStatusException.Kind.CONFLICT;
          case 401, 403 -> ClaimStatusException.Kind.FORBIDDEN;
          case 400, 422 -> ClaimStatusException.Kind.INVALID;
          default -> ClaimStatusException.Kind.UNAVAILABLE;
        };
    String status = e.getStatus() == null ? null : e.getStatus().getMessage();
    return new ClaimStatusException(
        kind,
        "cannot "
            + what
            + ": "
            + (status != null ? status : e.getMessage())
            + " ("
            + e.getCode()
            + ")",
        e);
  }
}
