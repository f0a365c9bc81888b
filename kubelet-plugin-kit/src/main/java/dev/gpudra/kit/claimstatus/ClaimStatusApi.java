package dev.gpudra.kit.claimstatus;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.Optional;

/** Where claims' statuses are read and written: the API server's {@code /status} subresource. */
public interface ClaimStatusApi {
  /**
   * @return the claim, or empty when it is gone
   * @throws ClaimStatusException when it cannot be read
   */
  Optional<ResourceClaim> get(String namespace, String name);

  /**
   * Replaces the claim's status, guarded by its {@code resourceVersion}.
   *
   * @throws ClaimStatusException {@link ClaimStatusException.Kind#CONFLICT} when the claim changed
   */
  void replaceStatus(ResourceClaim claim);
}
