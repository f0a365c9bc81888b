package dev.gpudra.computedomain.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatusBuilder;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StatusDigestTest {
  private static final String GO =
      """
      {"allocation": {"devices": {"results": [{"request": "channel", "driver": "d", "pool": "p",
        "device": "channel-0"}]}, "nodeSelector": null},
       "reservedFor": [{"resource": "pods", "name": "w", "uid": "u1"}]}
      """;

  private static ResourceClaimStatus status(String pod) {
    return new ResourceClaimStatusBuilder()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withDevice("channel-0")
        .withDriver("d")
        .withPool("p")
        .withRequest("channel")
        .endResult()
        .endDevices()
        .endAllocation()
        .addNewReservedFor()
        .withName(pod)
        .withResource("pods")
        .withUid("u1")
        .endReservedFor()
        .build();
  }

  @Test
  @DisplayName("Go's JSON and fabric8's model of one status digest alike; another consumer differs")
  void digestsSemantically() throws Exception {
    String fromGo = StatusDigest.of(new ObjectMapper().readTree(GO));

    assertThat(StatusDigest.ofValue(status("w"))).isEqualTo(fromGo);
    assertThat(StatusDigest.ofValue(status("other"))).isNotEqualTo(fromGo);
  }

  @Test
  @DisplayName("a missing or empty status has no digest; configs do not count")
  void emptyStatus() throws Exception {
    assertThat(StatusDigest.ofValue(null)).isEmpty();
    assertThat(StatusDigest.of(new ObjectMapper().readTree("{\"devices\": []}"))).isEmpty();
    String withConfig =
        GO.replace(
            "\"nodeSelector\": null",
            "\"config\": [{\"source\": \"FromClaim\", \"opaque\": {\"driver\": \"d\"}}]");
    assertThat(StatusDigest.of(new ObjectMapper().readTree(withConfig)))
        .isEqualTo(StatusDigest.of(new ObjectMapper().readTree(GO)));
  }
}
