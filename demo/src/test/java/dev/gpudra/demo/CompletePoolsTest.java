package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CompletePoolsTest {
  private static ResourceSlice slice(String name, long generation, long count) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNewPool()
        .withName("node-a")
        .withGeneration(generation)
        .withResourceSliceCount(count)
        .endPool()
        .endSpec()
        .build();
  }

  @Test
  @DisplayName("a pool counts once all slices of its newest generation are there")
  void complete() {
    assertThat(CompletePools.complete(List.of(slice("a", 2, 2), slice("b", 1, 2)))).isEmpty();
    assertThat(CompletePools.complete(List.of(slice("a", 2, 2), slice("b", 2, 2)))).hasSize(2);
  }

  @Test
  @DisplayName(
      "settled waits out a rewrite: the obsolete slice deleted, its successor not yet made")
  void settled() {
    Deque<List<ResourceSlice>> answers =
        new ArrayDeque<>(
            List.of(
                List.of(slice("a", 2, 2)),
                List.of(slice("a", 2, 2), slice("old", 1, 2)),
                List.of(slice("a", 2, 2), slice("c", 2, 2))));

    List<ResourceSlice> got = CompletePools.settled(answers::pop, Duration.ofSeconds(5));

    assertThat(got).extracting(s -> s.getMetadata().getName()).containsExactly("a", "c");
  }
}
