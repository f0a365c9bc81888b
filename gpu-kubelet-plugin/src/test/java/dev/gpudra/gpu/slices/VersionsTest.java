package dev.gpudra.gpu.slices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VersionsTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "580.95.05, 580.95.5",
    "550.163.01, 550.163.1",
    "550.54.15, 550.54.15",
    "13.0, 13.0.0",
    "9.0, 9.0.0",
    "12, 12.0.0"
  })
  @DisplayName("NVML versions become semver with leading zeros dropped")
  void semver(String nvml, String published) {
    assertThat(Versions.semver(nvml)).isEqualTo(published);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"13000, 13.0.0", "12080, 12.8.0", "12040, 12.4.0", "11000, 11.0.0"})
  @DisplayName("the CUDA driver integer becomes major.minor.0")
  void cuda(int value, String published) {
    assertThat(Versions.cudaDriver(value)).isEqualTo(published);
  }

  @Test
  @DisplayName("non-numeric versions are rejected")
  void rejectsGarbage() {
    assertThatThrownBy(() -> Versions.semver("580.x")).hasMessageContaining("580.x");
    assertThatThrownBy(() -> Versions.semver("1.2.3.4")).hasMessageContaining("1.2.3.4");
  }

  @ParameterizedTest(name = "{0} bytes -> {1}")
  @CsvSource({"42505076736, 40536Mi", "85899345920, 80Gi", "1024, 1Ki", "1000, 1000", "0, 0"})
  @DisplayName("byte counts use the largest exact binary unit")
  void binaryQuantities(long bytes, String quantity) {
    assertThat(Quantities.binary(bytes).toString()).isEqualTo(quantity);
  }
}
