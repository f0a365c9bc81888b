package dev.gpudra.testsupport.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DeviceAssignmentsTest {
  private static final String GPU = "example.com/gpu";
  private static final List<String> GPUS = List.of("gpu-0", "gpu-1", "gpu-2", "gpu-3");

  private final DeviceAssignments assignments = new DeviceAssignments();

  record Case(String name, DeviceAssignments.Preference preference, int count, List<String> taken) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> choices() {
    return Stream.of(
        new Case(
            "no preference: the first free in the plugin's order",
            (a, n) -> List.of(),
            2,
            List.of("gpu-0", "gpu-1")),
        new Case(
            "a full preference is taken as given",
            (a, n) -> List.of("gpu-3", "gpu-1"),
            2,
            List.of("gpu-3", "gpu-1")),
        new Case(
            "a short preference is filled from the free ones in order",
            (a, n) -> List.of("gpu-2"),
            3,
            List.of("gpu-2", "gpu-0", "gpu-1")),
        new Case(
            "devices not on offer are left out of a preference",
            (a, n) -> List.of("gpu-9", "gpu-3"),
            2,
            List.of("gpu-3", "gpu-0")),
        new Case(
            "a preference longer than asked is cut at the count",
            (a, n) -> List.of("gpu-3", "gpu-2", "gpu-1"),
            2,
            List.of("gpu-3", "gpu-2")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("choices")
  @DisplayName(
      "devices are chosen as the kubelet chooses them: the plugin's preferred free ones first,"
          + " then the other free ones until there are enough")
  void chooses(Case c) {
    assertThat(assignments.take("pod-a", GPU, GPUS, c.preference(), c.count()))
        .containsExactlyElementsOf(c.taken());
    assertThat(assignments.held(GPU)).containsExactlyInAnyOrderElementsOf(c.taken());
  }

  @Test
  @DisplayName(
      "a device is held by one pod at most: a second pod gets only free ones, and a pod asking for"
          + " more than is free is refused naming the resource; a release frees the pod's devices")
  void holdsOnce() {
    assignments.take("pod-a", GPU, GPUS, (a, n) -> List.of("gpu-0", "gpu-1"), 2);

    assertThat(assignments.take("pod-b", GPU, GPUS, (a, n) -> List.of("gpu-0"), 1))
        .containsExactly("gpu-2");
    assertThatThrownBy(() -> assignments.take("pod-c", GPU, GPUS, (a, n) -> List.of(), 2))
        .isInstanceOf(AllocationException.class)
        .hasMessage("Insufficient example.com/gpu: requested 2, 1 free healthy devices");

    assignments.release("pod-a");
    assertThat(assignments.held(GPU)).containsExactly("gpu-2");
  }

  @Test
  @DisplayName("the preference is asked only over the free devices")
  void offersFreeOnly() {
    assignments.take("pod-a", GPU, GPUS, (a, n) -> List.of(), 1);
    List<List<String>> offered = new java.util.ArrayList<>();
    assignments.take(
        "pod-b",
        GPU,
        GPUS,
        (a, n) -> {
          offered.add(a);
          return List.of();
        },
        1);
    assertThat(offered).containsExactly(List.of("gpu-1", "gpu-2", "gpu-3"));
  }
}
