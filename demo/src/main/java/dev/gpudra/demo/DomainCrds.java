package dev.gpudra.demo;

import dev.gpudra.api.computedomain.ComputeDomainCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;

/**
 * The ComputeDomain CRDs, installed as the chart installs them and awaited until the API server
 * serves them (their {@code Established} condition): a real kube-apiserver answers 404 for a new
 * CRD's resources for a moment, and a controller's informers would fail their first list.
 *
 * @param client the cluster
 */
record DomainCrds(KubernetesClient client) {
  private static final Duration WAIT = Duration.ofSeconds(30);

  /**
   * Creates the CRDs that are missing, then waits for each.
   *
   * @throws IllegalStateException one is not Established within 30 s
   */
  void install() {
    for (var crd : ComputeDomainCrds.all()) {
      String name = crd.getMetadata().getName();
      if (client.apiextensions().v1().customResourceDefinitions().withName(name).get() == null) {
        client.resource(crd).create();
      }
      awaitEstablished(name);
    }
  }

  private void awaitEstablished(String name) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!established(name)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "CRD " + name + " is not Established after " + WAIT.toSeconds() + " s");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for CRD " + name, e);
      }
    }
  }

  private boolean established(String name) {
    var crd = client.apiextensions().v1().customResourceDefinitions().withName(name).get();
    return crd != null
        && crd.getStatus() != null
        && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
