package dev.gpudra.computedomain.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomainBinding;
import dev.gpudra.api.featuregates.FeatureGates;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ComputeDomainBindingConditions: the plugin asks the API server whether it keeps binding
 * conditions (the in-process one does), then publishes its channel with both; the daemon device has
 * none. Without the gate the channel has none either.
 */
class ChannelBindingConditionsIT {
  @TempDir Path root;
  private DomainNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private List<Device> published() {
    List<ResourceSlice> slices = node.client.resources(ResourceSlice.class).list().getItems();
    assertThat(slices).hasSize(1);
    return slices.getFirst().getSpec().getDevices();
  }

  @Test
  @DisplayName("with the gate, channel-0 lists imex-ready and imex-failed; daemon-0 lists none")
  void channelListsItsConditions() {
    node =
        DomainNode.start(
            root, "gb200-nvl", FeatureGates.parse("ComputeDomainBindingConditions=true"));

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(published())
                .satisfiesExactly(
                    channel -> {
                      assertThat(channel.getName()).isEqualTo("channel-0");
                      assertThat(channel.getBindingConditions())
                          .containsExactly(ComputeDomainBinding.READY);
                      assertThat(channel.getBindingFailureConditions())
                          .containsExactly(ComputeDomainBinding.FAILED);
                    },
                    daemon -> assertThat(daemon.getBindingConditions()).isNullOrEmpty()));
  }

  @Test
  @DisplayName("without the gate, no device lists binding conditions")
  void noneWithoutTheGate() {
    node = DomainNode.start(root, "gb200-nvl");

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(published())
                .allSatisfy(d -> assertThat(d.getBindingConditions()).isNullOrEmpty()));
  }
}
