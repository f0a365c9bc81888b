package dev.gpudra.localcluster.scheduler;

import static dev.gpudra.localcluster.scheduler.Fixtures.claim;
import static dev.gpudra.localcluster.scheduler.Fixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.CandidateNode;
import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClaimStatusesTest {
  private static final AllocationResult ON_NODE_A =
      new AllocationResultBuilder()
          .withNewDevices()
          .addNewResult()
          .withRequest("gpu")
          .withDriver("gpu.nvidia.com")
          .withPool("node-a")
          .withDevice("gpu-0")
          .endResult()
          .endDevices()
          .withNodeSelector(
              new NodeSelectorBuilder()
                  .addNewNodeSelectorTerm()
                  .addNewMatchField()
                  .withKey("metadata.name")
                  .withOperator("In")
                  .withValues("node-a")
                  .endMatchField()
                  .endNodeSelectorTerm()
                  .build())
          .build();

  private static ResourceClaim withStatus(ResourceClaim claim, String... pods) {
    ResourceClaim allocated =
        new ResourceClaimBuilder(claim)
            .withNewStatus()
            .withAllocation(ON_NODE_A)
            .endStatus()
            .build();
    for (String p : pods) {
      allocated =
          new ResourceClaimBuilder(allocated)
              .withStatus(ClaimStatuses.reserved(allocated, null, pod(p)))
              .build();
    }
    return allocated;
  }

  @Test
  @DisplayName("reserving adds the pod to reservedFor once, and keeps the allocation")
  void reserveIsIdempotent() {
    ResourceClaim claim = withStatus(claim("c", 1, false), "p", "p");
    assertThat(claim.getStatus().getReservedFor())
        .extracting(
            ResourceClaimConsumerReference::getUid, ResourceClaimConsumerReference::getResource)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("pod-uid-p", "pods"));
    assertThat(claim.getStatus().getAllocation()).isEqualTo(ON_NODE_A);
  }

  @Test
  @DisplayName("a gone pod leaves reservedFor; the last one gone deallocates the claim")
  void release() {
    ResourceClaim claim = withStatus(claim("c", 1, false), "p", "q");
    var afterP = ClaimStatuses.released(claim, Set.of("pod-uid-q"));
    assertThat(afterP.getReservedFor())
        .extracting(ResourceClaimConsumerReference::getName)
        .containsExactly("q");
    assertThat(afterP.getAllocation()).isNotNull();
    var afterBoth = ClaimStatuses.released(claim, Set.of());
    assertThat(afterBoth.getReservedFor()).isNull();
    assertThat(afterBoth.getAllocation()).isNull();
    assertThat(ClaimStatuses.released(claim, Set.of("pod-uid-p", "pod-uid-q"))).isNull();
  }

  @Test
  @DisplayName("an allocation pinned by node name is usable only there")
  void usableOn() {
    assertThat(ClaimStatuses.usableOn(ON_NODE_A, new CandidateNode("node-a", Map.of()))).isTrue();
    assertThat(ClaimStatuses.usableOn(ON_NODE_A, new CandidateNode("node-b", Map.of()))).isFalse();
    assertThat(
            ClaimStatuses.usableOn(new AllocationResult(), new CandidateNode("node-b", Map.of())))
        .isTrue();
  }
}
