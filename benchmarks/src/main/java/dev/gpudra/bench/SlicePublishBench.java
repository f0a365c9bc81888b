package dev.gpudra.bench;

import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.kit.slices.ResourceSlicePublisher;
import dev.gpudra.kit.slices.model.SlicePlanner;
import dev.gpudra.kit.slices.model.SliceTarget;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Time for the kit's {@link ResourceSlicePublisher} to get a profile's devices into the API, from
 * {@code publish(devices)} to every device listed, for a fresh node each round; and its floor, the
 * same slices (from the same planner) created with one client call each.
 */
final class SlicePublishBench {
  /** Publisher times over the rounds (the first included), and the floor's. */
  record Result(LatencyStats publish, long firstNanos, LatencyStats floor) {}

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final long POLL_MILLIS = 1;

  private final KubernetesClient client;
  private final PublishedSlices published;

  SlicePublishBench(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
    this.published = new PublishedSlices(client);
  }

  Result measure(BenchProfile profile, int rounds) throws InterruptedException {
    long[] publish = new long[rounds];
    long[] floor = new long[rounds];
    for (int round = 0; round < rounds; round++) {
      publish[round] = publishOnce("bench-publish-" + round, profile);
      floor[round] = createDirectly("bench-floor-" + round, profile);
    }
    return new Result(LatencyStats.of(publish), publish[0], LatencyStats.of(floor));
  }

  private long publishOnce(String nodeName, BenchProfile profile) throws InterruptedException {
    createNode(nodeName);
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    try (ResourceSlicePublisher publisher =
        new ResourceSlicePublisher(
            client,
            new SliceTarget(nodeName, PluginLayout.DRIVER),
            (error, what) -> failures.add(error),
            PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE))) {
      publisher.start();
      long started = System.nanoTime();
      publisher.publish(profile.devices());
      long deadline = started + TIMEOUT.toNanos();
      while (published.deviceCount(nodeName) < profile.devices().size()) {
        if (!failures.isEmpty() || System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "slices of " + nodeName + " not published", failures.peek());
        }
        Thread.sleep(POLL_MILLIS);
      }
      return System.nanoTime() - started;
    }
  }

  private long createDirectly(String nodeName, BenchProfile profile) {
    Node node = createNode(nodeName);
    List<ResourceSlice> slices =
        new SlicePlanner(
                new SliceTarget(nodeName, PluginLayout.DRIVER), node.getMetadata().getUid())
            .plan(profile.devices(), List.of())
            .creates();
    long started = System.nanoTime();
    slices.forEach(s -> client.resource(s).create());
    return System.nanoTime() - started;
  }

  private Node createNode(String nodeName) {
    return client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(nodeName).endMetadata().build())
        .create();
  }
}
