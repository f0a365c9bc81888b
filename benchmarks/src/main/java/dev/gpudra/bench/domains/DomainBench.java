package dev.gpudra.bench.domains;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.bench.api.BenchApi;
import dev.gpudra.bench.api.WriteCounter;
import dev.gpudra.controller.model.DaemonSetFactory;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controller.reconcile.ComputeDomainController;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code bench compute-domains}: the ComputeDomain controller in this JVM against the embedded API
 * server (or a real one, {@link BenchApi}); {@code domains} ComputeDomains created at once over as
 * many nodes; each node's daemon simulated in the API ({@link DaemonSimulator}). Measured: the time
 * until every domain's status is Ready, the controller's API writes per domain until then, and its
 * writes per domain in a steady window afterwards (nothing changes: ideally none).
 */
public final class DomainBench {
  static final String DRIVER_NS = "gpu-dra";
  static final String NS = "bench";

  /** How often the bench lists the domains (each list is 1,000 objects the server serializes). */
  static final Duration POLL = Duration.ofMillis(500);

  /**
   * @param server the API server it ran against
   * @param domains how many
   * @param created how long creating them took (the bench's own creates, one by one, before the
   *     controller starts)
   * @param toReady from the controller's start until every status was Ready
   * @param readsToReady the controller's GETs (lists, watches) until then
   * @param writesToReady the controller's writes until then
   * @param writesByKind those writes by method and path shape
   * @param steady the steady window
   * @param steadyWrites the controller's writes during it
   * @param refused the controller's writes the server refused until Ready, by method, code and path
   *     (conflicts, timeouts)
   */
  public record Result(
      String server,
      int domains,
      Duration created,
      Duration toReady,
      long readsToReady,
      long writesToReady,
      java.util.Map<String, Long> writesByKind,
      Duration steady,
      long steadyWrites,
      java.util.Map<String, Long> refused) {}

  private DomainBench() {}

  /**
   * What the cluster holds before the first domain: the CRDs (served), the namespaces, the daemons'
   * service account the chart installs beside the controller, and one node per domain.
   */
  private static void seed(KubernetesClient setup, int domains) throws InterruptedException {
    ComputeDomainCrds.all().forEach(crd -> setup.resource(crd).create());
    awaitServed(setup);
    for (String ns : List.of(DRIVER_NS, NS)) {
      setup
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
    // what the chart installs beside the controller: the daemons' service account
    setup
        .resource(
            new ServiceAccountBuilder()
                .withNewMetadata()
                .withNamespace(DRIVER_NS)
                .withName(DaemonSetFactory.SERVICE_ACCOUNT)
                .endMetadata()
                .build())
        .create();
    for (int i = 0; i < domains; i++) {
      setup
          .nodes()
          .resource(new NodeBuilder().withNewMetadata().withName("node-" + i).endMetadata().build())
          .create();
    }
  }

  /**
   * @throws IllegalStateException when not every domain is Ready within {@code timeout}
   */
  public static Result run(
      int domains, Duration timeout, Duration steady, Optional<Path> controlPlane)
      throws InterruptedException {
    try (BenchApi api =
        controlPlane.isPresent() ? BenchApi.real(controlPlane.get()) : BenchApi.embedded()) {
      KubernetesClient setup = api.client();
      seed(setup, domains);
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
          DaemonSimulator daemons = new DaemonSimulator(setup, DRIVER_NS, controlPlane.isEmpty())) {
        long start = System.nanoTime();
        try (ComputeDomainController controller =
            ComputeDomainController.start(
                controllerClient,
                new DaemonSettings(
                    DRIVER_NS,
                    "gpu-dra:bench",
                    4,
                    18,
                    "",
                    List.of(),
                    dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED),
                true,
                Optional.empty())) {
          awaitReady(setup, domains, start, timeout);
          Duration toReady = Duration.ofNanos(System.nanoTime() - start);
          long reads = counter.reads();
          long writes = counter.writes();
          var refused = counter.failures();
          var shapes = counter.byShape();
          Thread.sleep(steady);
          return new Result(
              api.description(),
              domains,
              created,
              toReady,
              reads,
              writes,
              shapes,
              steady,
              counter.writes() - writes,
              refused);
        }
      }
    }
  }

  /** A CRD is served a moment after it is created (at once by the embedded server). */
  private static void awaitServed(KubernetesClient client) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (true) {
      try {
        client.resources(ComputeDomain.class).inNamespace(NS).list();
        client.resources(ComputeDomainClique.class).inNamespace(DRIVER_NS).list();
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != HttpURLConnection.HTTP_NOT_FOUND || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100);
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
      List<ComputeDomain> notReady =
          client.resources(ComputeDomain.class).inNamespace(NS).list().getItems().stream()
              .filter(d -> d.getStatus() == null || d.getStatus().status() != DomainStatus.READY)
              .toList();
      if (notReady.isEmpty()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        ComputeDomain first = notReady.getFirst();
        throw new IllegalStateException(
            (domains - notReady.size())
                + " of "
                + domains
                + " ComputeDomains Ready after "
                + timeout.toSeconds()
                + " s; e.g. "
                + first.getMetadata().getName()
                + ": "
                + first.getStatus());
      }
      Thread.sleep(POLL.toMillis());
    }
  }
}
