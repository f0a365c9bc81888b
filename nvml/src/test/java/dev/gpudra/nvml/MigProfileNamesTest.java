package dev.gpudra.nvml;

import static dev.gpudra.nvml.MigProfileConstant.SLICE_1;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_1_ALL_ME;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_1_GFX;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_1_NO_ME;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_1_REV1;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_1_REV2;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_2;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_2_REV1;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_3;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_4;
import static dev.gpudra.nvml.MigProfileConstant.SLICE_7;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("MIG profile names match what nvidia-smi shows (go-nvlib's derivation)")
class MigProfileNamesTest {
  private static final long A100_40 = 40536;
  private static final long A100_80 = 81920;
  private static final long H100 = 81559;
  private static final long H200 = 143771;
  private static final long B200 = 183359;
  private static final long GB200 = 189471;
  private static final long A30 = 24576;

  record Case(String expected, MigProfileConstant constant, long memoryMiB, long totalMiB) {
    @Override
    public String toString() {
      return expected + " (" + memoryMiB + " of " + totalMiB + " MiB)";
    }
  }

  static Stream<Case> realNames() {
    return Stream.of(
        new Case("1g.5gb", SLICE_1, 4864, A100_40),
        new Case("1g.5gb+me", SLICE_1_REV1, 4864, A100_40),
        new Case("1g.10gb", SLICE_1_REV2, 9856, A100_40),
        new Case("2g.10gb", SLICE_2, 9856, A100_40),
        new Case("3g.20gb", SLICE_3, 19968, A100_40),
        new Case("4g.20gb", SLICE_4, 19968, A100_40),
        new Case("7g.40gb", SLICE_7, 40192, A100_40),
        new Case("1g.10gb", SLICE_1, 9728, A100_80),
        new Case("1g.20gb", SLICE_1_REV2, 19968, A100_80),
        new Case("3g.40gb", SLICE_3, 40192, A100_80),
        new Case("7g.80gb", SLICE_7, 80896, A100_80),
        new Case("1g.10gb", SLICE_1, 9984, H100),
        new Case("1g.10gb+me", SLICE_1_REV1, 9984, H100),
        new Case("1g.20gb", SLICE_1_REV2, 20096, H100),
        new Case("2g.20gb", SLICE_2, 20096, H100),
        new Case("3g.40gb", SLICE_3, 40448, H100),
        new Case("4g.40gb", SLICE_4, 40448, H100),
        new Case("7g.80gb", SLICE_7, 81152, H100),
        new Case("1g.18gb", SLICE_1, 16384, H200),
        new Case("1g.18gb+me", SLICE_1_REV1, 16384, H200),
        new Case("1g.35gb", SLICE_1_REV2, 33024, H200),
        new Case("2g.35gb", SLICE_2, 33024, H200),
        new Case("3g.71gb", SLICE_3, 71168, H200),
        new Case("4g.71gb", SLICE_4, 71168, H200),
        new Case("7g.141gb", SLICE_7, 143104, H200),
        // the same H200 profiles as the R580 driver sizes them (read from a real H200)
        new Case("1g.35gb", SLICE_1_REV2, 33280, H200),
        new Case("2g.35gb", SLICE_2, 33280, H200),
        new Case("3g.71gb", SLICE_3, 71424, H200),
        new Case("7g.141gb", SLICE_7, 143360, H200),
        new Case("1g.23gb", SLICE_1, 22528, B200),
        new Case("1g.23gb", SLICE_1, 20992, B200),
        new Case("1g.23gb+me", SLICE_1_REV1, 20992, B200),
        new Case("1g.45gb", SLICE_1_REV2, 45312, B200),
        new Case("2g.45gb", SLICE_2, 45312, B200),
        new Case("1g.23gb", SLICE_1, 22528, GB200),
        new Case("1g.23gb", SLICE_1, 20480, GB200),
        new Case("1g.47gb", SLICE_1_REV2, 46592, GB200),
        new Case("2g.47gb", SLICE_2, 46592, GB200),
        new Case("1g.6gb", SLICE_1, 5952, A30),
        new Case("1g.6gb+me", SLICE_1_REV1, 5952, A30),
        new Case("2g.12gb", SLICE_2, 11968, A30),
        new Case("2g.12gb+me", SLICE_2_REV1, 11968, A30),
        new Case("4g.24gb", SLICE_4, 24000, A30),
        new Case("1g.5gb-me", SLICE_1_NO_ME, 4864, A100_40),
        new Case("1g.5gb+me.all", SLICE_1_ALL_ME, 4864, A100_40),
        new Case("1g.5gb+gfx", SLICE_1_GFX, 4864, A100_40));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("realNames")
  @DisplayName("derives the nvidia-smi name from memorySizeMB and the GPU's total memory")
  void derivesName(Case c) {
    String name =
        MigProfileNames.name(
            c.constant(), c.constant().slices(), c.memoryMiB(), c.totalMiB() << 20);

    assertThat(name).isEqualTo(c.expected());
  }

  @Test
  @DisplayName("the device-name form drops dots and turns other characters into dashes")
  void canonicalForm() {
    assertThat(MigProfileNames.canonical("1g.5gb")).isEqualTo("1g5gb");
    assertThat(MigProfileNames.canonical("1g.5gb+me")).isEqualTo("1g5gb-me");
    assertThat(MigProfileNames.canonical("2g.47gb")).isEqualTo("2g47gb");
  }

  @Test
  @DisplayName("a non-positive total memory is refused")
  void refusesZeroTotal() {
    assertThatThrownBy(() -> MigProfileNames.gigabytes(4864, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  @DisplayName("every NVML profile constant round-trips through its label and value")
  void constantsRoundTrip() {
    assertThat(MigProfileConstant.values()).hasSize(MigProfileConstant.COUNT);
    Arrays.stream(MigProfileConstant.values())
        .forEach(c -> {
          assertThat(MigProfileConstant.parse(c.label())).isEqualTo(c);
          assertThat(MigProfileConstant.parse("NVML_GPU_INSTANCE_PROFILE_" + c.label()))
              .isEqualTo(c);
          assertThat(MigProfileConstant.fromNvml(c.nvmlValue())).contains(c);
        });
    assertThat(MigProfileConstant.fromNvml(MigProfileConstant.COUNT)).isEmpty();
  }
}
