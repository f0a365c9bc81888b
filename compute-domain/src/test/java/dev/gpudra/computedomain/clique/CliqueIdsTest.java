package dev.gpudra.computedomain.clique;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.FabricState;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CliqueIdsTest {
  private static final UUID CLUSTER = UUID.fromString("9c6f5af3-53bf-49b5-a436-b66766c413c3");
  private static final UUID ZERO = new UUID(0, 0);

  private static Optional<FabricInfo> fabric(
      UUID cluster, long clique, FabricState state, int status) {
    return Optional.of(new FabricInfo(cluster, clique, state, status));
  }

  private static Optional<FabricInfo> gb200(long clique) {
    return fabric(CLUSTER, clique, FabricState.COMPLETED, 0);
  }

  private final CliqueIds strict = new CliqueIds(true);
  private final CliqueIds legacy = new CliqueIds(false);

  @Test
  @DisplayName("GB200s of one rack give <cluster UUID>.<clique ID>, the GFD label's spelling")
  void oneClique() {
    assertThat(strict.derive(Map.of("GPU-a", gb200(4026), "GPU-b", gb200(4026))))
        .contains("9c6f5af3-53bf-49b5-a436-b66766c413c3.4026");
  }

  @Test
  @DisplayName(
      "no clique: GPUs without the API (A100, L40S: NOT_SUPPORTED) and single-node NVSwitch H100s"
          + " (zero cluster UUID)")
  void noClique() {
    assertThat(strict.derive(Map.of("GPU-a100", Optional.empty()))).isEmpty();
    assertThat(strict.derive(Map.of("GPU-h100", fabric(ZERO, 0, FabricState.COMPLETED, 0))))
        .isEmpty();
    assertThat(strict.derive(Map.of("GPU-x", fabric(ZERO, 0, FabricState.NOT_SUPPORTED, 0))))
        .isEmpty();
  }

  @Test
  @DisplayName(
      "strict: a fabric still registering, or registered with an error, stops the start naming"
          + " the GPU; legacy leaves that GPU out")
  void strictAndLegacy() {
    var starting = Map.of("GPU-a", fabric(ZERO, 0, FabricState.IN_PROGRESS, 0), "GPU-b", gb200(7));
    var failed = Map.of("GPU-a", fabric(ZERO, 0, FabricState.COMPLETED, 25));

    assertThatThrownBy(() -> strict.derive(starting))
        .isInstanceOf(CliqueException.class)
        .hasMessageContaining("GPU GPU-a: NVLink fabric not attached (registration IN_PROGRESS)")
        .hasMessageContaining("CrashOnNVLinkFabricErrors");
    assertThatThrownBy(() -> strict.derive(failed))
        .hasMessageContaining("GPU GPU-a: NVLink fabric registration error (NVML status 25)");
    assertThat(legacy.derive(starting)).contains(CLUSTER + ".7");
    assertThat(legacy.derive(failed)).isEmpty();
  }

  @Test
  @DisplayName("GPUs in two cliques are an error listing each GPU's clique")
  void disagreement() {
    assertThatThrownBy(() -> strict.derive(Map.of("GPU-a", gb200(1), "GPU-b", gb200(2))))
        .hasMessageContaining("different NVLink cliques")
        .hasMessageContaining("GPU-a=" + CLUSTER + ".1")
        .hasMessageContaining("GPU-b=" + CLUSTER + ".2");
  }
}
