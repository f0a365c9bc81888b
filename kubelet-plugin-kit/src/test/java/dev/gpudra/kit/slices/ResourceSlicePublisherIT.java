package dev.gpudra.kit.slices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.slices.model.Devices;
import dev.gpudra.kit.slices.model.SliceTarget;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class ResourceSlicePublisherIT {
  private static final SliceTarget TARGET = new SliceTarget("node-a", "gpu.example.com");
  private static final PublisherSettings SETTINGS =
      new PublisherSettings(
          FieldSelectors.CLIENT_SIDE, Duration.ofMillis(200), Duration.ofSeconds(2));

  KubernetesClient client;
  private final List<Throwable> errors = new CopyOnWriteArrayList<>();
  private ResourceSlicePublisher publisher;
  private Node node;

  @BeforeEach
  void start() {
    node =
        client
            .nodes()
            .resource(new NodeBuilder().withNewMetadata().withName("node-a").endMetadata().build())
            .create();
    publisher = new ResourceSlicePublisher(client, TARGET, (e, ctx) -> errors.add(e), SETTINGS);
    publisher.start();
  }

  @AfterEach
  void stop() {
    publisher.close();
    assertThat(errors).isEmpty();
  }

  private List<ResourceSlice> slices() {
    return client.dynamicResourceAllocation().v1().resourcesSlices().list().getItems();
  }

  private List<ResourceSlice> awaitSlices(int count, long generation) {
    return await()
        .atMost(Duration.ofSeconds(10))
        .until(
            this::slices,
            s ->
                s.size() == count
                    && s.stream()
                        .allMatch(x -> x.getSpec().getPool().getGeneration() == generation));
  }

  private static Map<String, String> versions(List<ResourceSlice> slices) {
    return slices.stream()
        .collect(
            Collectors.toMap(
                s -> s.getMetadata().getName(), s -> s.getMetadata().getResourceVersion()));
  }

  @Test
  @DisplayName("300 devices become 3 slices of one pool, owned by the Node")
  void publishesSplitPool() {
    publisher.publish(Devices.gpus(300));

    List<ResourceSlice> slices = awaitSlices(3, 1);

    assertThat(slices)
        .allSatisfy(s -> {
          assertThat(s.getMetadata().getName()).matches("0000[0-2]-gpu\\.example\\.com-node-a-.+");
          assertThat(s.getMetadata().getOwnerReferences())
              .singleElement()
              .satisfies(o -> {
                assertThat(o.getKind()).isEqualTo("Node");
                assertThat(o.getUid()).isEqualTo(node.getMetadata().getUid());
                assertThat(o.getController()).isTrue();
              });
          assertThat(s.getSpec().getNodeName()).isEqualTo("node-a");
          assertThat(s.getSpec().getDriver()).isEqualTo("gpu.example.com");
          assertThat(s.getSpec().getPool().getName()).isEqualTo("node-a");
          assertThat(s.getSpec().getPool().getResourceSliceCount()).isEqualTo(3);
        });
    assertThat(slices)
        .map(s -> s.getSpec().getDevices().size())
        .containsExactlyInAnyOrder(128, 128, 44);
    assertThat(slices)
        .map(s -> s.getMetadata().getName().substring(0, 5))
        .containsExactlyInAnyOrder("00000", "00001", "00002");
  }

  @Test
  @DisplayName(
      "publishing the same devices again writes nothing; changed devices bump the generation")
  void writesOnlyOnChange() {
    publisher.publish(Devices.gpus(300));
    Map<String, String> before = versions(awaitSlices(3, 1));

    publisher.publish(Devices.gpus(300));
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> versions(slices()).equals(before));

    List<Device> changed = new ArrayList<>(Devices.gpus(300));
    changed.set(5, Devices.tainted("gpu-5"));
    publisher.publish(changed);
    List<ResourceSlice> after = awaitSlices(5, 2);
    assertThat(after)
        .allSatisfy(s -> assertThat(s.getSpec().getDevices()).hasSizeLessThanOrEqualTo(64));
  }

  @Test
  @DisplayName("a deleted slice (kubelet restart) is re-created within a few seconds")
  void recreatesDeletedSlices() {
    publisher.publish(Devices.gpus(300));
    List<ResourceSlice> slices = awaitSlices(3, 1);

    client.resource(slices.get(1)).delete();

    List<ResourceSlice> recreated = awaitSlices(3, 2);
    assertThat(
            recreated.stream().flatMap(s -> s.getSpec().getDevices().stream()).map(Device::getName))
        .hasSize(300)
        .doesNotHaveDuplicates();
  }

  @Test
  @DisplayName("slices of the driver on this node that are not ours are removed; others stay")
  void removesStrangers() {
    ResourceSlice stranger =
        new ResourceSliceBuilder()
            .withNewMetadata()
            .withName("stranger")
            .endMetadata()
            .withNewSpec()
            .withDriver("gpu.example.com")
            .withNodeName("node-a")
            .withNewPool()
            .withName("old-pool")
            .withGeneration(1L)
            .withResourceSliceCount(1L)
            .endPool()
            .endSpec()
            .build();
    ResourceSlice otherNode =
        new ResourceSliceBuilder(stranger)
            .editMetadata()
            .withName("other-node")
            .endMetadata()
            .editSpec()
            .withNodeName("node-b")
            .endSpec()
            .build();
    client.resource(stranger).create();
    client.resource(otherNode).create();

    publisher.publish(Devices.gpus(1));

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(slices())
                .map(s -> s.getMetadata().getName())
                .hasSize(2)
                .contains("other-node")
                .doesNotContain("stranger"));
  }
}
