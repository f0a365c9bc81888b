package dev.gpudra.bench.deviceplugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AllocateLoopTest {
  private static final AllocateResponse GIVES_GPU =
      AllocateResponse.newBuilder()
          .addContainerResponses(
              ContainerAllocateResponse.newBuilder().putEnvs("NVIDIA_VISIBLE_DEVICES", "GPU-x"))
          .build();

  private final List<String> calls = new ArrayList<>();

  private AllocateCall recording(String who, AllocateResponse answer) {
    return request -> {
      calls.add(who + ":" + String.join(",", request.getContainerRequests(0).getDevicesIdsList()));
      assertThat(request.getContainerRequestsCount()).isEqualTo(1);
      return answer;
    };
  }

  @Test
  @DisplayName(
      "one device per call, rotating over the list; each plugin call is followed by the same"
          + " request to the floor; only the timed calls are counted")
  void rotatesAndInterleaves() {
    AllocateLoop loop =
        new AllocateLoop(
            recording("plugin", GIVES_GPU),
            recording("floor", AllocateResponse.getDefaultInstance()),
            List.of("a", "b", "c"));

    AllocateLatencies latencies = loop.run(1, 4);

    assertThat(calls)
        .containsExactly(
            "plugin:a",
            "floor:a",
            "plugin:a",
            "floor:a",
            "plugin:b",
            "floor:b",
            "plugin:c",
            "floor:c",
            "plugin:a",
            "floor:a");
    assertThat(latencies.plugin().count()).isEqualTo(4);
    assertThat(latencies.floor().count()).isEqualTo(4);
    assertThat(latencies.plugin().p50Nanos()).isPositive();
  }

  @Test
  @DisplayName("the floor is given the plugin's own answer for the first device")
  void firstIsThePluginsAnswer() {
    AllocateLoop loop =
        new AllocateLoop(
            recording("plugin", GIVES_GPU),
            recording("floor", AllocateResponse.getDefaultInstance()),
            List.of("a"));

    assertThat(loop.first()).isEqualTo(GIVES_GPU);
    assertThat(calls).containsExactly("plugin:a");
  }

  record Refusal(String name, AllocateResponse answer, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Refusal> refusals() {
    ContainerAllocateResponse gpu = GIVES_GPU.getContainerResponses(0);
    return Stream.of(
        new Refusal(
            "no container answered",
            AllocateResponse.getDefaultInstance(),
            "answered for 0 containers, not 1"),
        new Refusal(
            "two containers answered",
            AllocateResponse.newBuilder()
                .addContainerResponses(gpu)
                .addContainerResponses(gpu)
                .build(),
            "answered for 2 containers, not 1"),
        new Refusal(
            "the container given nothing",
            AllocateResponse.newBuilder()
                .addContainerResponses(ContainerAllocateResponse.getDefaultInstance())
                .build(),
            "gave the container nothing"));
  }

  @DisplayName("an answer that is not an allocation of the one device fails the run")
  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refusesWrongAnswers(Refusal refusal) {
    AllocateLoop loop =
        new AllocateLoop(
            request -> refusal.answer(),
            request -> AllocateResponse.getDefaultInstance(),
            List.of("a"));

    assertThatThrownBy(() -> loop.run(0, 3))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(refusal.message());
  }

  @Test
  @DisplayName("a request names exactly one device for one container")
  void requestShape() {
    AllocateRequest request =
        new AllocateLoop(r -> GIVES_GPU, r -> GIVES_GPU, List.of("a", "b")).request(3);

    assertThat(request.getContainerRequestsCount()).isEqualTo(1);
    assertThat(request.getContainerRequests(0).getDevicesIdsList()).containsExactly("b");
  }
}
