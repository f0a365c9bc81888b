package dev.gpudra.localcluster.kubelet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.ClaimRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ResponseCheckTest {
  private static final List<ClaimRef> REQUESTED =
      List.of(new ClaimRef("ns", "a", "uid-a"), new ClaimRef("ns", "b", "uid-b"));

  @Test
  @DisplayName("a complete response comes back in request order")
  void complete() {
    Map<String, String> checked =
        ResponseCheck.check("NodePrepareResources", REQUESTED, Map.of("uid-b", "B", "uid-a", "A"));

    assertThat(checked.keySet()).containsExactly("uid-a", "uid-b");
  }

  @Test
  @DisplayName("a result for a claim that was not requested fails the call")
  void unknownUid() {
    assertThatThrownBy(() ->
            ResponseCheck.check(
                "NodePrepareResources",
                REQUESTED,
                Map.of("uid-a", "A", "uid-b", "B", "uid-x", "X")))
        .isInstanceOf(DraCallException.class)
        .hasMessageContaining("unknown claim UID uid-x");
  }

  @Test
  @DisplayName("fewer results than claims fail the call, counting the skipped ones")
  void skipped() {
    assertThatThrownBy(
            () -> ResponseCheck.check("NodeUnprepareResources", REQUESTED, Map.of("uid-a", "A")))
        .isInstanceOf(DraCallException.class)
        .hasMessage("NodeUnprepareResources skipped 1 ResourceClaims");
  }
}
