package dev.gpudra.nvml.jna;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.FabricState;
import java.util.HexFormat;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("nvmlGpuFabricInfo_t becomes a FabricInfo")
class FabricInfoMappingTest {

  @Test
  @DisplayName("cluster UUID bytes read in order, clique as unsigned, state by value")
  void completed() {
    NvmlGpuFabricInfo info = new NvmlGpuFabricInfo();
    info.clusterUuid = HexFormat.of().parseHex("9c6f5af353bf49b5a436b66766c413c3");
    info.cliqueId = 4026;
    info.state = 3;

    assertThat(JnaNvml.toFabricInfo(info))
        .hasValueSatisfying(f -> {
          assertThat(f.state()).isEqualTo(FabricState.COMPLETED);
          assertThat(f.cliqueName()).isEqualTo("9c6f5af3-53bf-49b5-a436-b66766c413c3.4026");
          assertThat(f.status()).isZero();
        });
  }

  @Test
  @DisplayName("state NOT_SUPPORTED means no fabric info; IN_PROGRESS is reported as such")
  void states() {
    NvmlGpuFabricInfo info = new NvmlGpuFabricInfo();
    info.state = 0;
    assertThat(JnaNvml.toFabricInfo(info)).isEmpty();
    info.state = 2;
    assertThat(JnaNvml.toFabricInfo(info))
        .hasValueSatisfying(f -> assertThat(f.state()).isEqualTo(FabricState.IN_PROGRESS));
  }
}
