package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PoolStateTest {
  private static ResourceSlice slice(String name, long generation, long count) {
    return new ResourceSliceBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .withNewSpec()
        .withDriver("gpu.nvidia.com")
        .withNodeName("node")
        .withNewPool()
        .withName("node")
        .withGeneration(generation)
        .withResourceSliceCount(count)
        .endPool()
        .withDevices(new DeviceBuilder().withName(name + "-gpu").build())
        .endSpec()
        .build();
  }

  @Test
  @DisplayName("a pool being rewritten is whole only once every slice of its newest generation is")
  void wholeOnlyWhenTheNewestGenerationIs() {
    ResourceSlice old = slice("old", 1, 2);
    ResourceSlice first = slice("a", 2, 2);
    ResourceSlice second = slice("b", 2, 2);

    assertThat(PoolState.complete(List.of(old, first))).isFalse();
    assertThat(PoolState.complete(List.of(old, first, second))).isTrue();
    assertThat(PoolState.newest(List.of(old, first, second))).containsExactly(first, second);
  }
}
