package dev.gpudra.controllerkit.runtime;

import dev.gpudra.controllerkit.leaderelection.Leadership;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;
import java.util.Optional;

/**
 * What a controller starts with.
 *
 * @param client the process's client; the controller does not close it
 * @param election the Lease to hold before reconciling; empty: reconcile at once
 * @param onLeaseLost what to do when the lease is lost other than by closing: another replica acts
 *     now, so this one must stop (NVIDIA's controllers exit)
 */
public record Launch(KubernetesClient client, Optional<Leadership> election, Runnable onLeaseLost) {
  public Launch {
    Objects.requireNonNull(client, "client");
    Objects.requireNonNull(election, "election");
    Objects.requireNonNull(onLeaseLost, "onLeaseLost");
  }

  /** Without leader election. */
  public static Launch unelected(KubernetesClient client) {
    return new Launch(client, Optional.empty(), () -> {});
  }
}
