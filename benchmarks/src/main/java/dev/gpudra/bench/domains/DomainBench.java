package dev.gpudra.bench.domains;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controller.reconcile.ComputeDomainController;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code bench compute-domains}: the ComputeDomain controller in this JVM against the embedded API
 * server; {@code domains} ComputeDomains created at once over as many nodes; each node's daemon
 * simulated in the API ({@link DaemonSimulator}). Measured: the time until every domain's status is
 * Ready, the controller's API writes per domain until then, and its writes per domain in a steady
 * window afterwards (nothing changes: ideally none).
 */
public final class DomainBench {
  static final String DRIVER_NS = "gpu-dra";
  static final String NS = "bench";

  /** How often the bench lists the domains (each list is 1,000 objects the server serializes). */
  static final Duration POLL = Duration.ofMillis(500);

  /**
   * @param domains how many
   * @param created how long creating them took (the bench's own creates, one by one, before the
   *     controller starts)
   * @param toReady from the controller's start until every status was Ready
   * @param readsToReady the controller's GETs (lists, watches) until then
   * @param writesToReady the controller's writes until then
   * @param steady the steady window
   * @param steadyWrites the controller's writes during it
   * @param refused the controller's writes the server refused until Ready, by method, code and path
   *     (conflicts, timeouts)
   */
  public record Result(
      int domains,
      Duration created,
      Duration toReady,
      long readsToReady,
      long writesToReady,
      Duration steady,
      long steadyWrites,
      java.util.Map<String, Long> refused) {}

  private DomainBench() {}

  /**
   * @throws IllegalStateException when not every domain is Ready within {@code timeout}
   */
  public static Result run(int domains, Duration timeout, Duration steady)
      throws InterruptedException {
    try (LocalApiServer api = new LocalApiServer().start()) {
      KubernetesClient setup = api.client();
      ComputeDomainCrds.all().forEach(crd -> setup.resource(crd).create());
      for (String ns : List.of(DRIVER_NS, NS)) {
        setup
            .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
            .create();
      }
      for (int i = 0; i < domains; i++) {
        setup
            .nodes()
            .resource(
                new NodeBuilder().withNewMetadata().withName("node-" + i).endMetadata().build())
            .create();
      }
      long creating = System.nanoTime();
      for (int i = 0; i < domains; i++) {
        setup.resource(domain("cd-" + i)).create();
      }
      Duration created = Duration.ofNanos(System.nanoTime() - creating);
      WriteCounter counter = new WriteCounter();
      try (KubernetesClient controllerClient =
              new KubernetesClientBuilder()
                  .withConfig(setup.getConfiguration())
                  .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("count", counter))
                  .build();
          DaemonSimulator daemons = new DaemonSimulator(setup, DRIVER_NS)) {
        long start = System.nanoTime();
        try (ComputeDomainController controller =
            ComputeDomainController.start(
                controllerClient,
                new DaemonSettings(DRIVER_NS, "gpu-dra:bench", 4, 18, "", List.of()),
                true,
                Optional.empty())) {
          awaitReady(setup, domains, start, timeout);
          Duration toReady = Duration.ofNanos(System.nanoTime() - start);
          long reads = counter.reads();
          long writes = counter.writes();
          var refused = counter.failures();
          Thread.sleep(steady);
          return new Result(
              domains, created, toReady, reads, writes, steady, counter.writes() - writes, refused);
        }
      }
    }
  }

  private static ComputeDomain domain(String name) {
    return new ComputeDomain(
        new ObjectMetaBuilder().withNamespace(NS).withName(name).build(),
        new ComputeDomainSpec(
            1,
            new ComputeDomainSpec.Channel(
                new ComputeDomainSpec.ClaimTemplate(name + "-channel"), null)),
        null);
  }

  private static void awaitReady(KubernetesClient client, int domains, long start, Duration timeout)
      throws InterruptedException {
    long deadline = start + timeout.toNanos();
    while (true) {
      long ready =
          client.resources(ComputeDomain.class).inNamespace(NS).list().getItems().stream()
              .filter(d -> d.getStatus() != null && d.getStatus().status() == DomainStatus.READY)
              .count();
      if (ready == domains) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            ready + " of " + domains + " ComputeDomains Ready after " + timeout.toSeconds() + " s");
      }
      Thread.sleep(POLL.toMillis());
    }
  }
}
