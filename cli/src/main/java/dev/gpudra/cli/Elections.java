package dev.gpudra.cli;

import dev.gpudra.controllerkit.leaderelection.Leadership;
import dev.gpudra.controllerkit.leaderelection.LeaseElection;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Optional;

/**
 * A controller's leader election as its command starts it: none, or its {@link Leadership}, whose
 * access check runs until the command ends.
 *
 * @param leadership empty when the process does not elect
 */
record Elections(Optional<Leadership> leadership) implements AutoCloseable {
  /**
   * @param component the Events' source
   * @param registry where its metrics go (the process's own)
   */
  static Elections start(
      KubernetesClient client,
      Optional<LeaseElection> election,
      String component,
      PrometheusRegistry registry) {
    return new Elections(
        election.map(e ->
            Leadership.start(
                client, e, Leadership.subject(e, System.getenv()), component, registry)));
  }

  /**
   * Why the process cannot lead (its readiness fails on it); empty when it can or does not elect.
   */
  Optional<String> problem() {
    return leadership.flatMap(Leadership::problem);
  }

  @Override
  public void close() {
    leadership.ifPresent(Leadership::close);
  }
}
