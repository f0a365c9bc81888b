package dev.gpudra.kit.slices.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SliceTargetTest {
  private final SliceTarget target = new SliceTarget("node-a", "gpu.nvidia.com");

  @Test
  @DisplayName("a slice's name starts with its index in hex, five digits, as Kubernetes' 1.36+")
  void indexFirst() {
    assertThat(target.generateName(0, 1)).isEqualTo("00000-gpu.nvidia.com-node-a-");
    assertThat(target.generateName(26, 27)).isEqualTo("0001a-gpu.nvidia.com-node-a-");
  }

  @Test
  @DisplayName("a pool whose last index needs more than five hex digits widens every name")
  void widerIndex() {
    assertThat(target.generateName(0, 0x100001)).isEqualTo("000000-gpu.nvidia.com-node-a-");
    assertThat(target.generateName(0x100000, 0x100001)).isEqualTo("100000-gpu.nvidia.com-node-a-");
  }

  @Test
  @DisplayName("an index outside the pool is refused")
  void outside() {
    assertThatThrownBy(() -> target.generateName(1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("slice index 1 of 1");
  }
}
