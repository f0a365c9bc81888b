package dev.gpudra.gpu.slices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ConsumableSharesTest {
  private static final long MEMORY = (80L << 30) + 12345; // not a whole MiB

  @Test
  @DisplayName("modes as NVIDIA's flag takes them; anything else names the flag")
  void parses() {
    assertThat(ConsumableShares.parse("disabled").enabled()).isFalse();
    assertThat(ConsumableShares.parse("").enabled()).isFalse();
    assertThat(ConsumableShares.parse("memory")).isEqualTo(new ConsumableShares("memory", 0));
    assertThat(ConsumableShares.parse(" 4 ")).isEqualTo(new ConsumableShares("shares", 4));
    for (String bad : new String[] {"0", "-2", "half", "1.5"}) {
      assertThatThrownBy(() -> ConsumableShares.parse(bad))
          .hasMessageContaining("--consumable-shares (CONSUMABLE_SHARES) must be disabled, memory,")
          .hasMessageContaining("\"" + bad + "\"");
    }
  }

  @Test
  @DisplayName(
      "memory is rounded down to whole MiB, the policy's step; memory mode defaults to all of it,"
          + " unlimited to none, N shares to one share and no memory")
  void capacities() {
    Map<String, DeviceCapacity> memory = ConsumableShares.parse("memory").capacity(MEMORY);
    Map<String, DeviceCapacity> unlimited = ConsumableShares.parse("unlimited").capacity(MEMORY);
    Map<String, DeviceCapacity> shares = ConsumableShares.parse("3").capacity(MEMORY);

    assertThat(memory.get("memory").getValue().toString()).isEqualTo("80Gi");
    assertThat(memory.get("memory").getRequestPolicy().getDefault().toString()).isEqualTo("80Gi");
    assertThat(memory.get("memory").getRequestPolicy().getValidRange().getMin().toString())
        .isEqualTo("1Mi");
    assertThat(unlimited.get("memory").getRequestPolicy().getDefault().toString()).isEqualTo("0");
    assertThat(unlimited).doesNotContainKey("shares");
    assertThat(shares.get("shares").getValue().toString()).isEqualTo("3");
    assertThat(shares.get("shares").getRequestPolicy().getValidRange().getMax().toString())
        .isEqualTo("3");
    assertThat(shares.get("memory").getRequestPolicy().getDefault().toString()).isEqualTo("0");
  }
}
