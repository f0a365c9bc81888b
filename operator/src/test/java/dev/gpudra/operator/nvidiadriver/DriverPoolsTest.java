package dev.gpudra.operator.nvidiadriver;

import static dev.gpudra.operator.nvidiadriver.NvidiaDrivers.driver;
import static dev.gpudra.operator.nvidiadriver.NvidiaDrivers.node;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DriverPoolsTest {
  @Test
  @DisplayName("one pool per OS of the driver's own nodes, selected by owner and NFD's OS labels")
  void poolsByOs() {
    NvidiaDriver gpu = driver("gpu", "nodeSelector: {pool: gpu}");
    List<Node> nodes =
        List.of(
            node("u1", "ubuntu", "24.04", Map.of("pool", "gpu")),
            node("u2", "ubuntu", "24.04", Map.of("pool", "gpu")),
            node("r1", "rhel", "9.4", Map.of("pool", "gpu")),
            node("u3", "ubuntu", "22.04", Map.of()),
            new NodeBuilder()
                .withNewMetadata()
                .withName("bare")
                .withLabels(Map.of("nvidia.com/gpu.present", "true", "pool", "gpu"))
                .endMetadata()
                .build());
    DriverOwners owners = DriverOwners.assign(List.of(gpu), nodes);
    DriverPools pools = DriverPools.of(gpu, owners, nodes);
    assertThat(pools.pools()).extracting(DriverPool::osTag).containsExactly("rhel9", "ubuntu24.04");
    assertThat(pools.pools().get(1).nodes()).containsExactly("u1", "u2");
    assertThat(pools.pools().get(1).nodeSelector())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "pool", "gpu",
                "nvidia.com/gpu.present", "true",
                "nvidia.com/gpu-operator.driver.owner", "gpu",
                "feature.node.kubernetes.io/system-os_release.ID", "ubuntu",
                "feature.node.kubernetes.io/system-os_release.VERSION_ID", "24.04"));
    // RHEL's tag has its major version only, and so has the selector
    assertThat(pools.pools().get(0).nodeSelector())
        .containsEntry("feature.node.kubernetes.io/system-os_release.VERSION_ID.major", "9")
        .doesNotContainKey("feature.node.kubernetes.io/system-os_release.VERSION_ID");
    assertThat(pools.unlabelled()).containsExactly("bare");
  }
}
