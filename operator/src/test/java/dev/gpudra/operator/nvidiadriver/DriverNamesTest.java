package dev.gpudra.operator.nvidiadriver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.nvidiadriver.NvidiaDriverType;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DriverNamesTest {
  @Test
  @DisplayName("the hash is Go's fnv32a in decimal, safe-encoded as Kubernetes' rand package does")
  void hashMatchesGo() {
    // the expected values are what Go's hash/fnv and k8s.io/apimachinery's SafeEncodeString give
    assertThat(DriverNames.hash("8b2d6f0e-3c4a-4e7b-9a1d-2f5c6b7e8d90")).isEqualTo("7657596d87");
    assertThat(DriverNames.hash("")).isEqualTo("65bb57b6b5");
    assertThat(DriverNames.hash("a")).isEqualTo("7d6b446664");
  }

  @Test
  @DisplayName("nvidia-<type>-driver-<os>-<hash>, cut to 63 characters keeping the hash")
  void appName() {
    assertThat(
            DriverNames.appName(
                "8b2d6f0e-3c4a-4e7b-9a1d-2f5c6b7e8d90", NvidiaDriverType.GPU, "ubuntu24.04"))
        .isEqualTo("nvidia-gpu-driver-ubuntu24.04-7657596d87");
    String longName = DriverNames.appName("a", NvidiaDriverType.VGPU_HOST_MANAGER, "x".repeat(60));
    assertThat(longName).hasSize(63).endsWith("-7d6b446664").startsWith("nvidia-vgpu-host-manager");
  }
}
