package dev.gpudra.localcluster.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ExtendedResourceFitTest {
  private static final String GPU = "nvidia.com/gpu";

  private static Node node(String name, String gpus) {
    NodeBuilder node = new NodeBuilder().withNewMetadata().withName(name).endMetadata();
    return gpus == null
        ? node.withNewStatus().endStatus().build()
        : node.withNewStatus().addToAllocatable(GPU, new Quantity(gpus)).endStatus().build();
  }

  private static Pod pod(int gpus, String nodeName, String phase) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("p")
        .endMetadata()
        .withNewSpec()
        .withNodeName(nodeName)
        .addNewContainer()
        .withName("ctr")
        .withNewResources()
        .addToLimits(GPU, new Quantity(Integer.toString(gpus)))
        .addToRequests("cpu", new Quantity("1"))
        .endResources()
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withPhase(phase)
        .endStatus()
        .build();
  }

  @Test
  @DisplayName(
      "a node fits while its allocatable minus the running pods' requests covers the pod's (a"
          + " limit counts as the request); finished pods hold nothing; no allocatable, no fit")
  void fitsWithinAllocatable() {
    Pod wants2 = pod(2, null, null);
    assertThat(ExtendedResourceFit.requests(wants2)).containsOnlyKeys(GPU);
    assertThat(ExtendedResourceFit.miss(wants2, node("a", "2"), List.of())).isEmpty();
    assertThat(ExtendedResourceFit.miss(wants2, node("a", "2"), List.of(pod(1, "a", "Running"))))
        .get()
        .extracting(PlacementDecision.NodeMiss::reason)
        .isEqualTo("Insufficient nvidia.com/gpu");
    assertThat(ExtendedResourceFit.miss(wants2, node("a", "2"), List.of(pod(1, "a", "Succeeded"))))
        .isEmpty();
    assertThat(ExtendedResourceFit.miss(wants2, node("a", "2"), List.of(pod(1, "b", "Running"))))
        .isEmpty();
    assertThat(ExtendedResourceFit.miss(wants2, node("b", null), List.of())).isPresent();
  }
}
